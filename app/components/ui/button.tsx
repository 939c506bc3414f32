import { forwardRef, type ButtonHTMLAttributes } from 'react';
import { AppLink, type AppLinkProps } from './app-link.tsx';
import { cn } from '#app/lib/cn.ts';

export type ButtonVariant = 'primary' | 'secondary' | 'ghost' | 'destructive';
export type ButtonSize = 'sm' | 'md' | 'lg';

const base =
  'inline-flex items-center justify-center gap-2 rounded-full font-semibold transition-colors ' +
  'focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-accent focus-visible:ring-offset-2 ' +
  'focus-visible:ring-offset-ink disabled:cursor-not-allowed disabled:opacity-50 whitespace-nowrap';

const variants: Record<ButtonVariant, string> = {
  primary: 'bg-accent text-ink hover:bg-accent-strong',
  secondary: 'border border-line-strong bg-transparent text-fg hover:border-accent hover:text-accent',
  ghost: 'bg-transparent text-fg hover:bg-surface-raised',
  destructive: 'bg-danger text-white hover:bg-danger/90',
};

const sizes: Record<ButtonSize, string> = {
  // 44 px tall on phones (a finger's target), 36 px from the small breakpoint up.
  sm: 'h-11 px-4 text-sm sm:h-9',
  md: 'h-11 px-6 text-sm',
  lg: 'h-13 px-8 text-base',
};

export function buttonClasses(variant: ButtonVariant = 'primary', size: ButtonSize = 'md', className?: string) {
  return cn(base, variants[variant], sizes[size], className);
}

interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: ButtonVariant;
  size?: ButtonSize;
}

export const Button = forwardRef<HTMLButtonElement, ButtonProps>(function Button(
  { variant, size, className, type = 'button', ...props },
  ref,
) {
  return <button ref={ref} type={type} className={buttonClasses(variant, size, className)} {...props} />;
});

interface ButtonLinkProps extends AppLinkProps {
  variant?: ButtonVariant;
  size?: ButtonSize;
}

/** A link that looks like a button; a plain anchor inside an island, React Router's Link elsewhere (app-link.tsx). */
export function ButtonLink({ variant, size, className, ...props }: ButtonLinkProps) {
  return <AppLink className={buttonClasses(variant, size, className)} {...props} />;
}

import type { MouseEvent, ReactNode } from 'react';

/**
 * A choice in the picker: a real link to the step's address (the page without JavaScript), which
 * the island handles in place once it runs. A modified click (new tab) stays the browser's.
 */
export function PickLink({
  href,
  onPick,
  className,
  children,
  current,
  label,
}: {
  href: string;
  onPick?: () => void;
  className?: string;
  children: ReactNode;
  current?: boolean;
  label?: string;
}) {
  const onClick = (event: MouseEvent<HTMLAnchorElement>) => {
    if (!onPick || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey || event.button !== 0) return;
    event.preventDefault();
    onPick();
  };
  return (
    <a href={href} onClick={onClick} className={className} aria-current={current ? 'true' : undefined} aria-label={label} rel="nofollow">
      {children}
    </a>
  );
}

import { CalendarClock } from 'lucide-react';
import { AppLink } from '#app/components/ui/app-link.tsx';
import { BOOK_CONSULTATION } from '#app/content/navigation.ts';
import { cn } from '#app/lib/cn.ts';

/** Beside the contact form: a visitor who would rather talk books the free consultation directly. */
export function BookCallout({ className }: { className?: string }) {
  return (
    <AppLink
      to={BOOK_CONSULTATION.to}
      className={cn(
        'group flex items-center gap-4 rounded-2xl border border-accent/40 bg-accent-soft p-4 transition-colors',
        'hover:border-accent focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-accent',
        className,
      )}
    >
      <CalendarClock aria-hidden className="size-6 shrink-0 text-accent" />
      <span className="grid">
        <span className="font-semibold text-fg">Prefer to talk?</span>
        <span className="text-sm text-fg-muted">
          <span className="text-accent underline underline-offset-4 group-hover:no-underline">Book a free consultation</span> at a time that
          suits you.
        </span>
      </span>
    </AppLink>
  );
}

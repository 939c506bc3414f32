import { ArrowRight } from 'lucide-react';
import type { ShownAnnouncement } from '#common/site-content/announcement.ts';

const barFocus =
  'underline-offset-4 hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-inset focus-visible:ring-ink';
const barText = 'mx-auto flex max-w-7xl items-center justify-center gap-2 px-4 py-2 text-center text-sm font-medium sm:px-6 lg:px-8';

/**
 * The owner's announcement (decision 118), above the header of every public page: made on the
 * server with the page, so it costs no script and moves nothing once the page shows. With a link,
 * the whole line is the link.
 */
export function AnnouncementBar({ announcement }: { announcement: ShownAnnouncement }) {
  const outside = /^https?:/i.test(announcement.link);
  return (
    <aside aria-label="Announcement" className="bg-accent text-ink" data-announcement>
      {announcement.link ? (
        <a href={announcement.link} rel={outside ? 'noopener' : undefined} className={`${barText} ${barFocus}`}>
          <span className="text-balance">{announcement.text}</span>
          <ArrowRight aria-hidden className="size-4 shrink-0" />
        </a>
      ) : (
        <p className={barText}>
          <span className="text-balance">{announcement.text}</span>
        </p>
      )}
    </aside>
  );
}

import { Headphones } from 'lucide-react';
import { RECENT_PLAYS_DAYS } from '#common/samples.ts';

const plural = (count: number) => `${count.toLocaleString()} ${count === 1 ? 'play' : 'plays'}`;

/** A sample's plays by visitors (the admin's own and bots' are not counted): all time and recent. */
export function PlayCountLine({ count }: { count: { total: number; recent: number } | null }) {
  return (
    <p className="mt-2 flex items-center gap-1.5 text-sm text-fg-muted" data-testid="play-count">
      <Headphones aria-hidden className="size-4 text-fg-subtle" />
      {count ? (
        <span>
          <span className="font-semibold text-fg">{plural(count.total)}</span>
          {' · '}
          {count.recent.toLocaleString()} in the last {RECENT_PLAYS_DAYS} days
        </span>
      ) : (
        <span>Plays loading...</span>
      )}
    </p>
  );
}

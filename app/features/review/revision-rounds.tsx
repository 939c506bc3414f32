import type { RevisionRoundView } from '#common/review.ts';
import { LocalDateTime } from '#app/components/local-date-time.tsx';
import { cn } from '#app/lib/cn.ts';

/**
 * What the client asked for in each revision round, with the version it was about, so the studio
 * reads the request beside the mix it answers.
 *
 *   <RevisionRounds rounds={track.revisionRounds} />
 */
export function RevisionRounds({ rounds, className }: { rounds: RevisionRoundView[]; className?: string }) {
  if (rounds.length === 0) return null;
  return (
    <ol aria-label="Revision rounds" className={cn('grid gap-2', className)}>
      {rounds.map((round) => (
        <li key={round.round} className="rounded-lg border-l-2 border-sky-400/60 bg-ink/40 px-3 py-2">
          <p className="break-words text-xs text-fg-subtle">
            <span className="font-semibold text-fg-muted">Round {round.round}</span> on v{round.versionNumber} ·{' '}
            <LocalDateTime iso={round.requestedAt} /> · {round.requestedBy === 'studio' ? 'recorded by the studio' : round.requestedBy}
          </p>
          <p className="mt-1 whitespace-pre-wrap break-words text-sm text-fg">{round.summary}</p>
        </li>
      ))}
    </ol>
  );
}

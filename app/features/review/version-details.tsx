import { useId } from 'react';
import type { RevisionRoundView, VersionView } from '#common/review.ts';
import { LinkifiedText } from './linkified-text.tsx';
import { LocalDateTime } from '#app/components/local-date-time.tsx';
import { formatLufs } from './loudness-match.ts';
import { RevisionRounds } from './revision-rounds.tsx';
import { formatMoment } from './time-text.ts';
import { versionLabel } from './versions.ts';

const oneDecimal = (value: number) => `${value < 0 ? '\u2212' : ''}${Math.abs(Math.round(value * 10) / 10).toFixed(1)}`;

/** The version being heard: its release notes, what the analysis measured and the revisions asked on it. */
export function VersionDetails({ version, rounds = [] }: { version: VersionView; rounds?: RevisionRoundView[] }) {
  const asked = rounds.filter((round) => round.versionId === version.id);
  const headingId = useId();
  const measured = version.analysisState === 'done';
  const facts: [string, string][] = [
    ['Length', measured && version.durationSeconds !== null ? formatMoment(version.durationSeconds) : '—'],
    ['Integrated loudness', formatLufs(version.loudnessLufs)],
    ['True peak', version.truePeakDbtp === null ? '—' : `${oneDecimal(version.truePeakDbtp)} dBTP`],
    ['Loudness range', version.loudnessRangeLu === null ? '—' : `${oneDecimal(version.loudnessRangeLu)} LU`],
  ];
  return (
    <section aria-labelledby={headingId} className="grid gap-4 rounded-2xl border border-line bg-surface p-4 sm:p-6">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id={headingId} className="text-lg font-semibold text-fg">
          About {versionLabel(version)}
        </h2>
        <p className="text-xs text-fg-subtle">
          {version.name} · <LocalDateTime iso={version.createdAt} />
        </p>
      </div>
      {version.notes ? (
        <div>
          <h3 className="text-sm font-medium text-fg-muted">Release notes</h3>
          <LinkifiedText text={version.notes} className="mt-1 whitespace-pre-wrap break-words text-sm text-fg" />
        </div>
      ) : (
        <p className="text-sm text-fg-subtle">No release notes for this version.</p>
      )}
      {asked.length > 0 ? (
        <div>
          <h3 className="text-sm font-medium text-fg-muted">Revisions asked on this version</h3>
          <RevisionRounds rounds={asked} className="mt-1" />
        </div>
      ) : null}
      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4">
        {facts.map(([term, value]) => (
          <div key={term} className="rounded-lg bg-ink/40 px-3 py-2">
            <dt className="text-xs text-fg-subtle">{term}</dt>
            <dd className="text-sm font-semibold tabular-nums text-fg">{value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

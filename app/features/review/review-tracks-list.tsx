import { ChevronRight, MessageSquare } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { TRACK_STATE_LABELS, type TrackView } from '#common/review.ts';
import { cn } from '#app/lib/cn.ts';
import { reviewRoomPath, type ReviewSide } from './review-paths.ts';
import { RevisionRounds } from './revision-rounds.tsx';
import { newestOf, versionLabel } from './versions.ts';

const STATE_TONES: Record<TrackView['state'], string> = {
  awaiting_version: 'bg-surface-raised text-fg-muted',
  in_review: 'bg-accent-soft text-accent',
  revisions_requested: 'bg-sky-400/15 text-sky-300',
  approved: 'bg-success/15 text-success',
};

function roundsShort(track: TrackView): string {
  return track.revisionsIncluded === null
    ? `${track.revisionsUsed} revision round${track.revisionsUsed === 1 ? '' : 's'} (unlimited)`
    : `${track.revisionsUsed} of ${track.revisionsIncluded} revision rounds`;
}

/**
 * A project's tracks, each with where it stands and a link into its review room. For the client's
 * project page (`side="portal"`) and the studio's (`side="manage"`); `actions` adds a control per track
 * (the studio's "Upload version"). The studio's list also reads each revision round's summary.
 *
 *   <ReviewTracksList projectId={7} tracks={project.tracks} side="portal" />
 */
export function ReviewTracksList({
  projectId,
  tracks,
  side,
  actions,
}: {
  projectId: number;
  tracks: TrackView[];
  side: ReviewSide;
  actions?: (track: TrackView) => ReactNode;
}) {
  if (tracks.length === 0) {
    return (
      <p className="rounded-xl border border-dashed border-line-strong p-4 text-sm text-fg-muted">
        {side === 'portal'
          ? 'No mixes to listen to yet: we e-mail you when the first one is ready.'
          : 'No tracks yet: add one to upload its first mix.'}
      </p>
    );
  }
  return (
    <ul className="grid gap-3" aria-label="Tracks">
      {tracks.map((track) => {
        const newest = newestOf(track);
        const open = newest?.openComments ?? 0;
        return (
          <li
            key={track.id}
            data-track={track.id}
            className="flex flex-wrap items-center gap-3 rounded-xl border border-line bg-surface p-4"
          >
            <div className="min-w-0 flex-1">
              <div className="flex flex-wrap items-center gap-2">
                <h3 className="break-words font-semibold text-fg">{track.title}</h3>
                <span className={cn('rounded-full px-2 py-0.5 text-xs font-semibold', STATE_TONES[track.state])}>
                  {TRACK_STATE_LABELS[track.state]}
                </span>
              </div>
              <p className="mt-1 flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-fg-muted">
                <span>{newest ? `${versionLabel(newest)} is the newest of ${track.versions.length}` : 'No version yet'}</span>
                {newest ? (
                  <span className="inline-flex items-center gap-1">
                    <MessageSquare aria-hidden className="size-3.5" />
                    {`${open} open comment${open === 1 ? '' : 's'}`}
                  </span>
                ) : null}
                <span>{roundsShort(track)}</span>
              </p>
              {side === 'manage' ? <RevisionRounds rounds={track.revisionRounds} className="mt-3" /> : null}
            </div>
            <div className="flex flex-wrap items-center gap-2">
              {actions?.(track)}
              <Link
                to={reviewRoomPath(side, projectId, track.id)}
                className={cn(
                  'inline-flex h-11 items-center gap-1 rounded-full border border-line-strong px-4 text-sm font-semibold text-fg sm:h-9',
                  'hover:border-accent hover:text-accent focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-accent',
                )}
              >
                {side === 'portal' && track.state === 'in_review' ? 'Listen and review' : 'Open review room'}
                <span className="sr-only">: {track.title}</span>
                <ChevronRight aria-hidden className="size-4" />
              </Link>
            </div>
          </li>
        );
      })}
    </ul>
  );
}

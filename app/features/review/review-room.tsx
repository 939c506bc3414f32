import { ArrowLeft, Sparkles } from 'lucide-react';
import { useMemo, type ReactNode } from 'react';
import { Link } from 'react-router';
import { can, type ProjectAccess } from '#common/collaborators.ts';
import type { ReviewDecision, TrackView, VersionView } from '#common/review.ts';
import { CollaboratorNote } from '#app/features/portal/collaborator-note.tsx';
import { Button } from '#app/components/ui/button.tsx';
import { cn } from '#app/lib/cn.ts';
import { toast } from '#app/lib/toast.ts';
import { AbPlayerPanel } from './ab-player-panel.tsx';
import type { Slot } from './ab-slots.ts';
import { CommentComposer } from './comment-composer.tsx';
import { draftMarker } from './comment-draft.ts';
import { CommentsPanel } from './comments-panel.tsx';
import { DecisionPanel } from './decision-panel.tsx';
import { projectPagePath, reviewApi, type ReviewApi, type ReviewSide } from './review-paths.ts';
import { ReviewWaveform } from './review-waveform.tsx';
import { useListeningRoom } from './use-listening-room.ts';
import { useReviewTrack } from './use-review-track.ts';
import { useVersionPair } from './use-version-pair.ts';
import { VersionDetails } from './version-details.tsx';
import { newestOf, versionLabel } from './versions.ts';

export interface ReviewRoomProject {
  id: number;
  title: string;
  packageTitle: string;
}

export interface ReviewRoomProps {
  side: ReviewSide;
  /** The portal's visitor: the client, or a collaborator whose role may keep them from commenting or deciding. */
  access?: ProjectAccess;
  project: ReviewRoomProject;
  track: TrackView;
  /** From the address (`?version=…&t=…`, the e-mails' links): the version (by its number) and moment to open at. */
  initialVersionNumber: number | null;
  initialSeconds: number | null;
  /** The studio's way to add a version from the room (its uploader), given the track and how to read it again after. */
  renderUpload?: (track: TrackView, reload: () => void) => ReactNode;
}

/**
 * The review room of one track: the A/B player over two of its versions, comments pinned to moments
 * of the version being heard, and the decision on the newest version. Both sides use it; `side`
 * decides the API it calls and what it offers (the client decides, the studio resolves).
 */
export function ReviewRoom({
  side,
  access = 'client',
  project,
  track: initialTrack,
  initialVersionNumber,
  initialSeconds,
  renderUpload,
}: ReviewRoomProps) {
  const paths = useMemo(() => reviewApi(side, project.id, initialTrack.id), [side, project.id, initialTrack.id]);
  const { track, setTrack, reload } = useReviewTrack(side, paths, initialTrack);
  const { versions, a, b, choose, comparePair } = useVersionPair(track, initialTrack, initialVersionNumber);
  const newest = newestOf(track);

  const decided = (decision: ReviewDecision) => {
    setTrack(decision.track);
    toast({
      title: decision.track.state === 'approved' ? 'Approved' : 'Revisions requested',
      description:
        decision.track.state === 'approved'
          ? 'Thank you! The studio prepares the final delivery.'
          : 'The studio has your summary and comments.',
    });
  };

  // The studio does everything in its room; in the portal, a collaborator's role decides (common/collaborators.ts).
  const rights = { comment: side === 'manage' || can(access, 'comment'), decide: side === 'manage' || can(access, 'decide') };

  return (
    <div className="grid gap-6">
      <RoomHeader side={side} project={project} track={track} />
      {side === 'portal' ? <CollaboratorNote access={access} /> : null}
      {a ? (
        <ListeningRoom
          // A new pair of versions keeps the same player; a first version arriving mounts it.
          side={side}
          paths={paths}
          track={track}
          versions={versions}
          a={a}
          b={b}
          newest={newest}
          initialSeconds={initialSeconds}
          onChoose={choose}
          onComparePair={comparePair}
          onDecided={decided}
          rights={rights}
          upload={renderUpload?.(track, () => void reload())}
        />
      ) : (
        <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_24rem]">
          <p className="rounded-2xl border border-dashed border-line-strong bg-surface p-6 text-fg-muted">
            {side === 'portal'
              ? 'The first mix of this track is not here yet. We will e-mail you as soon as it is ready to listen to.'
              : 'No version yet: upload the first mix, and the client is e-mailed when it is ready.'}
          </p>
          <div className="grid gap-6">
            {rights.decide ? <DecisionPanel side={side} track={track} newest={null} paths={paths} onDecided={decided} /> : null}
            {renderUpload ? <UploadCard>{renderUpload(track, () => void reload())}</UploadCard> : null}
          </div>
        </div>
      )}
    </div>
  );
}

function RoomHeader({ side, project, track }: { side: ReviewSide; project: ReviewRoomProject; track: TrackView }) {
  const Title = side === 'portal' ? 'h1' : 'h2';
  return (
    <header className="grid gap-3">
      <Link
        to={projectPagePath(side, project.id)}
        className={cn(
          'inline-flex min-h-11 items-center gap-1.5 justify-self-start rounded text-sm font-medium text-fg-muted',
          'hover:text-accent focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-accent sm:min-h-0',
        )}
      >
        <ArrowLeft aria-hidden className="size-4" />
        {project.title}
      </Link>
      <div>
        <p className="text-sm font-semibold uppercase tracking-widest text-accent">
          {side === 'portal' ? 'Client portal · Review room' : 'Projects · Review room'}
        </p>
        {/* In the admin the dashboard's header holds the page's h1. */}
        <Title className="mt-1 break-words text-3xl font-bold tracking-tight text-fg sm:text-4xl">{track.title}</Title>
        <p className="mt-2 text-sm text-fg-muted">
          {project.packageTitle} · {track.versions.length} version{track.versions.length === 1 ? '' : 's'}
        </p>
      </div>
    </header>
  );
}

interface ListeningRoomProps {
  side: ReviewSide;
  paths: ReviewApi;
  track: TrackView;
  versions: VersionView[];
  a: VersionView;
  b: VersionView | null;
  newest: VersionView | null;
  initialSeconds: number | null;
  onChoose: (slot: Slot, versionId: number) => void;
  onComparePair: (pair: { a: number; b: number | null }) => void;
  onDecided: (decision: ReviewDecision) => void;
  /** What this visitor may do besides listening. */
  rights: { comment: boolean; decide: boolean };
  upload: ReactNode;
}

function ListeningRoom({
  side,
  paths,
  track,
  versions,
  a,
  b,
  newest,
  initialSeconds,
  onChoose,
  onComparePair,
  onDecided,
  rights,
  upload,
}: ListeningRoomProps) {
  const room = useListeningRoom({ paths, track, a, b, newest, initialSeconds, mayComment: rights.comment });
  const { player, engine, heard, duration, draftState, textarea, selected, newer } = room;

  return (
    <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_24rem] xl:grid-cols-[minmax(0,1fr)_27rem]">
      <div className="grid min-w-0 content-start gap-6 lg:col-start-1 lg:row-start-1">
        <ListenWithoutScript versions={versions} paths={paths} />
        {newer ? (
          <div
            role="status"
            className="flex flex-wrap items-center gap-3 rounded-xl border border-accent/40 bg-accent-soft p-3 text-sm text-fg"
          >
            <Sparkles aria-hidden className="size-4 text-accent" />
            {versionLabel(newer)} is here.
            <Button size="sm" variant="secondary" onClick={() => onComparePair({ a: newer.id, b: a.id })}>
              Compare {versionLabel(newer)} with {versionLabel(a)}
            </Button>
          </div>
        ) : null}
        <AbPlayerPanel
          player={player}
          audio={room.audio}
          versions={versions}
          a={a}
          b={b}
          onChoose={onChoose}
          asDelivered={room.asDelivered}
          onAsDelivered={room.setAsDelivered}
          waveform={
            <ReviewWaveform
              label={versionLabel(heard)}
              peaks={heard.peaks}
              duration={duration}
              engine={engine}
              playing={player.playing}
              time={player.time}
              markers={room.markers}
              draft={draftMarker(draftState.draft)}
              selectedMarker={selected}
              onSeek={(seconds) => engine.seek(seconds)}
              onPick={room.pickMoment}
              onRange={room.pickRange}
              onMarker={room.showMarker}
            />
          }
        />
        {rights.comment ? (
          <div className="rounded-2xl border border-line bg-surface p-4 noscript:hidden sm:p-6">
            <CommentComposer
              ref={textarea}
              versionLabel={versionLabel(heard)}
              playhead={player.time}
              duration={duration}
              state={draftState}
              disabled={room.commentable ? null : `${versionLabel(heard)} takes comments once it has been measured.`}
              onSubmit={async (comment) => {
                const result = await room.actions.post(heard.id, { ...comment, endSeconds: comment.endSeconds ?? undefined });
                if ('error' in result) return result.error;
                room.setSelected(result.id);
                return null;
              }}
            />
          </div>
        ) : null}
      </div>
      <div className="grid min-w-0 content-start gap-6 lg:col-start-2 lg:row-span-2 lg:row-start-1">
        {rights.decide ? <DecisionPanel side={side} track={track} newest={newest} paths={paths} onDecided={onDecided} /> : null}
        <div className="rounded-2xl border border-line bg-surface p-4 sm:p-6">
          <CommentsPanel
            side={side}
            versionLabel={versionLabel(heard)}
            previousLabel={room.previous ? versionLabel(room.previous) : null}
            comments={room.heardComments}
            failure={room.comments.failure(heard.id)}
            selected={selected}
            actions={room.actions}
            onSeek={room.seekToComment}
            writable={rights.comment}
          />
        </div>
      </div>
      <div className="grid min-w-0 content-start gap-6 lg:col-start-1 lg:row-start-2">
        <VersionDetails version={heard} rounds={track.revisionRounds} />
        {upload ? <UploadCard>{upload}</UploadCard> : null}
      </div>
    </div>
  );
}

function UploadCard({ children }: { children: ReactNode }) {
  return (
    <section aria-label="New version" className="grid gap-3 rounded-2xl border border-line bg-surface p-4 sm:p-6">
      <h2 className="text-lg font-semibold text-fg">New version</h2>
      {children}
    </section>
  );
}

/** Without JavaScript the browser's own players still play each version (nothing loads before play). */
function ListenWithoutScript({ versions, paths }: { versions: VersionView[]; paths: ReviewApi }) {
  return (
    <noscript>
      <div className="grid gap-4 rounded-2xl border border-line bg-surface p-4 sm:p-6">
        <p className="text-sm text-fg-muted">
          Comparing versions and commenting need JavaScript. You can still listen to each version here.
        </p>
        {versions
          .filter((version) => version.analysisState === 'done' && !version.removedAt)
          .map((version) => (
            <div key={version.id} className="grid gap-2">
              <p className="text-sm font-medium text-fg">
                {versionLabel(version)} · {version.name}
              </p>
              <audio controls preload="none" src={paths.audio(version.id)} className="w-full" />
            </div>
          ))}
      </div>
    </noscript>
  );
}

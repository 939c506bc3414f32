import { Headphones } from 'lucide-react';
import { useMemo } from 'react';
import type { TrackView } from '#common/review.ts';
import { api } from '#app/lib/api.ts';
import { AbPlayerPanel } from '#app/features/review/ab-player-panel.tsx';
import { failureText, type CommentActions, type NewComment } from '#app/features/review/comment-actions.ts';
import { CommentComposer } from '#app/features/review/comment-composer.tsx';
import { draftMarker } from '#app/features/review/comment-draft.ts';
import { CommentsPanel } from '#app/features/review/comments-panel.tsx';
import { ReviewWaveform } from '#app/features/review/review-waveform.tsx';
import { useListeningRoom } from '#app/features/review/use-listening-room.ts';
import { useReviewTrack } from '#app/features/review/use-review-track.ts';
import { useVersionPair } from '#app/features/review/use-version-pair.ts';
import { newestOf, versionLabel } from '#app/features/review/versions.ts';
import type { VersionComments } from '#common/review.ts';
import { listenApi } from './listen-paths.ts';
import { ListenerNameField, useListenerName } from './listener-name.tsx';

const NAME_FIRST = 'Type your name above first, so the studio knows who wrote.';

/**
 * A review link's player (decision 082): the review room's A/B player, waveform and comments over the
 * shared track, without decisions and without any download. Comments carry the name the listener typed.
 */
export function ListenRoom({
  token,
  studioName,
  track: initialTrack,
  watermarked,
}: {
  token: string;
  studioName: string;
  track: TrackView;
  /** The link plays the watermarked copy (decision 101), at its own URL. */
  watermarked: boolean;
}) {
  const paths = useMemo(() => listenApi(token, watermarked), [token, watermarked]);
  // Read again every little while: a version whose listening copy is being prepared plays once it is ready.
  const { track } = useReviewTrack(paths, initialTrack);
  const { versions, a, b, choose } = useVersionPair(track, initialTrack, null);
  const { name, setName } = useListenerName();

  return (
    <div className="grid gap-6">
      <header className="grid gap-2">
        <p className="text-sm font-semibold uppercase tracking-widest text-accent">{studioName} · Review link</p>
        <h1 className="break-words text-3xl font-bold tracking-tight text-fg sm:text-4xl">{track.title}</h1>
        <p className="flex items-start gap-2 text-sm text-fg-muted">
          <Headphones aria-hidden className="mt-0.5 size-4 shrink-0 text-accent" />
          <span>
            {track.versions.length} version{track.versions.length === 1 ? '' : 's'} to listen to · Click the waveform to comment on a moment
          </span>
        </p>
      </header>
      {a ? (
        <Room paths={paths} track={track} versions={versions} a={a} b={b} onChoose={choose} name={name} onName={setName} />
      ) : (
        <p className="rounded-2xl border border-dashed border-line-strong bg-surface p-6 text-fg-muted">
          There is nothing to listen to yet. The studio will share the first mix soon.
        </p>
      )}
    </div>
  );
}

interface RoomProps {
  paths: ReturnType<typeof listenApi>;
  track: TrackView;
  versions: ReturnType<typeof useVersionPair>['versions'];
  a: NonNullable<ReturnType<typeof useVersionPair>['a']>;
  b: ReturnType<typeof useVersionPair>['b'];
  onChoose: ReturnType<typeof useVersionPair>['choose'];
  name: string;
  onName: (name: string) => void;
}

function Room({ paths, track, versions, a, b, onChoose, name, onName }: RoomProps) {
  const room = useListeningRoom({ paths, track, a, b, newest: newestOf(track), initialSeconds: null });
  const { player, engine, heard, duration, draftState, textarea, selected } = room;
  // Every new comment and reply is signed with the typed name; the rest of the room's calls are unchanged.
  const actions: CommentActions = useMemo(
    () => ({
      ...room.actions,
      async post(versionId: number, comment: NewComment) {
        if (!name.trim()) return { error: NAME_FIRST };
        const result = await api<VersionComments & { id: number }>('POST', paths.comments(versionId), { ...comment, name: name.trim() });
        if (!result.ok) return { error: failureText(result) };
        const { id, ...comments } = result.data;
        room.comments.apply(versionId, comments);
        return { id };
      },
    }),
    [room.actions, room.comments, paths, name],
  );

  return (
    <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_24rem] xl:grid-cols-[minmax(0,1fr)_27rem]">
      <div className="grid min-w-0 content-start gap-6">
        <AbPlayerPanel
          hears={paths.hears}
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
        <div className="grid gap-5 rounded-2xl border border-line bg-surface p-4 sm:p-6">
          <ListenerNameField name={name} onChange={onName} error={null} />
          <CommentComposer
            ref={textarea}
            versionLabel={versionLabel(heard)}
            playhead={player.time}
            duration={duration}
            state={draftState}
            disabled={room.commentable ? null : `${versionLabel(heard)} takes comments once it has been measured.`}
            onSubmit={async (comment) => {
              const result = await actions.post(heard.id, comment);
              if ('error' in result) return result.error;
              room.setSelected(result.id);
              return null;
            }}
          />
        </div>
      </div>
      <div className="grid min-w-0 content-start gap-6">
        <div className="rounded-2xl border border-line bg-surface p-4 sm:p-6">
          <CommentsPanel
            side="portal"
            versionLabel={versionLabel(heard)}
            previousLabel={room.previous ? versionLabel(room.previous) : null}
            comments={room.heardComments}
            failure={room.comments.failure(heard.id)}
            selected={selected}
            actions={actions}
            onSeek={room.seekToComment}
          />
        </div>
        <p className="px-1 text-xs text-fg-subtle">
          This link is for listening and comments only. The studio sees each comment with your name, marked as coming through this link.
        </p>
      </div>
    </div>
  );
}

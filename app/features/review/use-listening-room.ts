import { useEffect, useRef, useState } from 'react';
import { commentAuthorLabel, type CommentView, type TrackView, type VersionView } from '#common/review.ts';
import { useCommentActions } from './comment-actions.ts';
import { useCommentDraft } from './comment-draft.ts';
import type { ReviewApi } from './review-paths.ts';
import { useReviewKeys } from './review-keys.ts';
import type { WaveformMarker } from './review-waveform.tsx';
import { useAbPlayer } from './use-ab-player.ts';
import { useVersionComments } from './use-version-comments.ts';
import { previousOf } from './versions.ts';

/** A comment this close to a linked moment is the one the link is about (links carry tenths of a second). */
const LINKED_WITHIN = 0.6;

/**
 * What the listener is doing in the review room: the A/B player over two versions, the version
 * heard and its comments, the comment being drafted, the thread selected, and the keys that drive
 * them. The page (review-room.tsx) only lays these out.
 */
export function useListeningRoom({
  paths,
  track,
  a,
  b,
  newest,
  initialSeconds,
  mayComment = true,
}: {
  paths: ReviewApi;
  track: TrackView;
  a: VersionView;
  b: VersionView | null;
  newest: VersionView | null;
  initialSeconds: number | null;
  /** False for a listen-only collaborator: picks on the waveform only seek, and C does nothing. */
  mayComment?: boolean;
}) {
  const [asDelivered, setAsDelivered] = useState(false);
  const { player, audio } = useAbPlayer({ a, b, audioUrl: paths.audio, asDelivered, initialSeconds });
  const { engine } = player;
  const heard = player.active === 'b' && b ? b : a;
  const duration = heard.durationSeconds ?? 0;
  const comments = useVersionComments(
    paths,
    [a.id, b?.id].filter((id): id is number => id !== undefined),
  );
  const actions = useCommentActions(paths, comments.apply);
  const draftState = useCommentDraft(duration);
  const textarea = useRef<HTMLTextAreaElement>(null);
  const [chosen, setSelected] = useState<number | null>(null);
  const heardComments = comments.of(heard.id);
  // An e-mail's link to a moment (`?t=`) points at the comment there until the reader picks another.
  const linked =
    initialSeconds === null
      ? null
      : (heardComments?.comments.find(
          (comment) => comment.parentId === null && Math.abs(comment.atSeconds - initialSeconds) < LINKED_WITHIN,
        ) ?? null);
  const selected = chosen ?? linked?.id ?? null;
  const scrolledToLink = useRef(false);
  useEffect(() => {
    if (!linked || scrolledToLink.current) return;
    scrolledToLink.current = true;
    document.getElementById(`comment-${linked.id}`)?.scrollIntoView({ block: 'nearest' });
  }, [linked]);
  const commentable = mayComment && heard.analysisState === 'done' && !heard.removedAt;

  const markers: WaveformMarker[] = (heardComments?.comments ?? [])
    .filter((comment) => comment.parentId === null && !comment.deleted)
    .map((comment) => ({
      id: comment.id,
      at: comment.atSeconds,
      end: comment.endSeconds,
      side: comment.authorSide,
      resolved: comment.resolvedAt !== null,
      summary: `${comment.authorName ?? commentAuthorLabel(comment)}: ${comment.body.slice(0, 60)}`,
    }));

  const seekToComment = (comment: CommentView) => {
    engine.seek(comment.atSeconds);
    if (comment.versionId === heard.id) setSelected(comment.parentId ?? comment.id);
  };
  const showMarker = (id: number) => {
    const comment = heardComments?.comments.find((item) => item.id === id);
    if (!comment) return;
    seekToComment(comment);
    document.getElementById(`comment-${id}`)?.scrollIntoView({ block: 'nearest', behavior: 'smooth' });
  };
  const startWriting = (focus: boolean) => {
    if (focus) textarea.current?.focus({ preventScroll: true });
  };
  /** A pick on the waveform: seek there, and (when the version takes comments) pin the draft to it. */
  const pickMoment = (seconds: number, how: { extend: boolean; pointer: string }) => {
    engine.seek(seconds);
    if (!commentable) return;
    if (how.extend) draftState.extendTo(seconds, engine.time);
    else draftState.pinAt(seconds);
    startWriting(how.pointer === 'mouse');
  };
  const pickRange = (start: number, end: number) => {
    engine.seek(start);
    if (!commentable) return;
    draftState.pinRange(start, end);
    startWriting(true);
  };

  useReviewKeys({
    togglePlay: () => engine.toggle(),
    switchAb: () => {
      if (b) engine.toggleActive();
    },
    seekBy: (seconds) => engine.seekBy(seconds),
    comment: () => {
      if (!commentable) return;
      draftState.pinAt(engine.time);
      textarea.current?.focus();
    },
  });

  /** A version newer than both being compared: the room offers to compare it. */
  const newer = newest && newest.id !== a.id && newest.id !== b?.id && newest.number > Math.max(a.number, b?.number ?? 0) ? newest : null;

  return {
    player,
    audio,
    engine,
    asDelivered,
    setAsDelivered,
    heard,
    duration,
    previous: previousOf(track, heard),
    commentable,
    comments,
    heardComments,
    actions,
    draftState,
    textarea,
    selected,
    setSelected,
    markers,
    seekToComment,
    showMarker,
    pickMoment,
    pickRange,
    newer,
  };
}

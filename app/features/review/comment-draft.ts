import { useCallback, useState } from 'react';
import { COMMENT_MAX_LENGTH } from '#common/review.ts';
import { formatMoment, parseMoment } from './time-text.ts';

/** A new range starts this long when the Range box is ticked (the end can then be moved). */
export const DEFAULT_RANGE_SECONDS = 5;

/**
 * The comment being written. Until it is pinned (a click on the waveform, the C key, typing, or an
 * edit of its time) its moment follows the playhead; once pinned it stays where it was put.
 */
export interface CommentDraft {
  pinned: boolean;
  atText: string;
  /** Null: a comment at a moment; otherwise the end of its range, as typed. */
  endText: string | null;
  body: string;
}

export const EMPTY_DRAFT: CommentDraft = { pinned: false, atText: '', endText: null, body: '' };

export type DraftCheck = { ok: true; atSeconds: number; endSeconds: number | null; body: string } | { ok: false; message: string };

/** The draft as the API takes it, or what is wrong with it (the same rules the server applies). */
export function checkDraft(draft: CommentDraft, playhead: number, duration: number): DraftCheck {
  const at = draft.pinned ? parseMoment(draft.atText) : playhead;
  if (at === null) return { ok: false, message: 'Write the moment as minutes:seconds, e.g. 0:42' };
  if (at > duration + 0.05) return { ok: false, message: `The song ends at ${formatMoment(duration)}` };
  let end: number | null = null;
  if (draft.endText !== null) {
    end = parseMoment(draft.endText);
    if (end === null) return { ok: false, message: 'Write the end of the range as minutes:seconds, e.g. 0:47' };
    if (end <= at) return { ok: false, message: 'The range must end after it starts' };
    if (end > duration + 0.05) return { ok: false, message: `The song ends at ${formatMoment(duration)}` };
  }
  const body = draft.body.trim();
  if (!body) return { ok: false, message: 'Write a comment' };
  if (body.length > COMMENT_MAX_LENGTH) return { ok: false, message: `A comment holds at most ${COMMENT_MAX_LENGTH} characters` };
  return { ok: true, atSeconds: Math.min(at, duration), endSeconds: end === null ? null : Math.min(end, duration), body };
}

/** The draft and the ways the room changes it. */
export function useCommentDraft(duration: number) {
  const [draft, setDraft] = useState<CommentDraft>(EMPTY_DRAFT);
  const clamp = useCallback((seconds: number) => Math.min(Math.max(seconds, 0), duration), [duration]);

  return {
    draft,
    setBody: (body: string) => setDraft((current) => ({ ...current, body })),
    setAtText: (atText: string) => setDraft((current) => ({ ...current, pinned: true, atText })),
    setEndText: (endText: string) => setDraft((current) => ({ ...current, endText })),
    /** Pins the moment (a click, C, or the first key typed), keeping a range's length. */
    pinAt: useCallback(
      (seconds: number) =>
        setDraft((current) => {
          const at = clamp(seconds);
          const oldAt = parseMoment(current.atText);
          const oldEnd = current.endText === null ? null : parseMoment(current.endText);
          const length = oldAt !== null && oldEnd !== null && oldEnd > oldAt ? oldEnd - oldAt : DEFAULT_RANGE_SECONDS;
          const endText = current.endText === null ? null : formatMoment(Math.min(duration, at + length));
          return { ...current, pinned: true, atText: formatMoment(at), endText };
        }),
      [clamp, duration],
    ),
    /** Pins a range (a drag across the waveform). */
    pinRange: useCallback(
      (start: number, end: number) =>
        setDraft((current) => ({ ...current, pinned: true, atText: formatMoment(clamp(start)), endText: formatMoment(clamp(end)) })),
      [clamp],
    ),
    /** Shift-click: the pinned moment becomes the start of a range ending here (or starting here, if earlier). */
    extendTo: useCallback(
      (seconds: number, playhead: number) =>
        setDraft((current) => {
          const at = current.pinned ? (parseMoment(current.atText) ?? playhead) : playhead;
          const [start, end] = [Math.min(at, seconds), Math.max(at, seconds)].map(clamp) as [number, number];
          if (end - start < 0.1) return current;
          return { ...current, pinned: true, atText: formatMoment(start), endText: formatMoment(end) };
        }),
      [clamp],
    ),
    /** The Range box: on gives the draft an end a few seconds on, off makes it a moment again. */
    setRange: (on: boolean, playhead: number) =>
      setDraft((current) => {
        if (!on) return { ...current, endText: null };
        const at = current.pinned ? (parseMoment(current.atText) ?? playhead) : playhead;
        return {
          ...current,
          pinned: true,
          atText: formatMoment(at),
          endText: formatMoment(Math.min(duration, at + DEFAULT_RANGE_SECONDS)),
        };
      }),
    /** Back to following the playhead. */
    unpin: () => setDraft((current) => ({ ...current, pinned: false, atText: '', endText: null })),
    clear: () => setDraft(EMPTY_DRAFT),
  };
}

export type CommentDraftState = ReturnType<typeof useCommentDraft>;

/** Where the draft sits on the waveform: its pinned moment or range, or nothing while it follows the playhead. */
export function draftMarker(draft: CommentDraft): { at: number; end: number | null } | null {
  if (!draft.pinned) return null;
  const at = parseMoment(draft.atText);
  if (at === null) return null;
  const end = draft.endText === null ? null : parseMoment(draft.endText);
  return { at, end: end !== null && end > at ? end : null };
}

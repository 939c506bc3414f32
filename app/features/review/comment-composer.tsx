import { MapPin, X } from 'lucide-react';
import { forwardRef, useId, useState, type FormEvent } from 'react';
import { Button } from '#app/components/ui/button.tsx';
import { cn } from '#app/lib/cn.ts';
import { CommentBodyField } from './comment-body-field.tsx';
import { checkDraft, type CommentDraftState } from './comment-draft.ts';
import { formatMoment } from './time-text.ts';

interface CommentComposerProps {
  /** The version the comment goes on ("v3"). */
  versionLabel: string;
  playhead: number;
  duration: number;
  state: CommentDraftState;
  disabled: string | null;
  /** Sends the comment; null when saved, otherwise the server's words. */
  onSubmit: (comment: { atSeconds: number; endSeconds: number | null; body: string }) => Promise<string | null>;
}

// The shared input look at the width of a moment ("12:34.5"); written out, since `cn` does not merge conflicting classes.
const timeInput = cn(
  'block w-24 rounded-lg border border-line-strong bg-ink px-3 py-2 text-sm tabular-nums text-fg transition-colors hover:border-fg-subtle',
  'focus-visible:border-accent focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-accent',
);

/**
 * Writing a comment at a moment or a range of the version being heard. Its time follows the playhead
 * until pinned; the waveform, the C key and the time fields pin it.
 */
export const CommentComposer = forwardRef<HTMLTextAreaElement, CommentComposerProps>(function CommentComposer(
  { versionLabel, playhead, duration, state, disabled, onSubmit },
  textarea,
) {
  const { draft } = state;
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const id = useId();
  const shownAt = draft.pinned ? draft.atText : formatMoment(playhead);
  const isRange = draft.endText !== null;

  const submit = async (event?: FormEvent) => {
    event?.preventDefault();
    if (disabled) return;
    const checked = checkDraft(draft, playhead, duration);
    if (!checked.ok) return setError(checked.message);
    setPending(true);
    const failure = await onSubmit({ atSeconds: checked.atSeconds, endSeconds: checked.endSeconds, body: checked.body });
    setPending(false);
    setError(failure);
    if (!failure) state.clear();
  };

  return (
    <form onSubmit={(event) => void submit(event)} noValidate className="grid gap-3" aria-labelledby={`${id}-title`}>
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id={`${id}-title`} className="text-lg font-semibold text-fg">
          Comment on {versionLabel}
        </h2>
        <p className="text-xs text-fg-subtle">{draft.pinned ? 'Pinned' : 'Follows the playhead'}</p>
      </div>
      <div className="flex flex-wrap items-end gap-3">
        <div className="grid gap-1">
          <label htmlFor={`${id}-at`} className="text-xs font-medium text-fg-muted">
            {isRange ? 'From' : 'At'}
          </label>
          <input
            id={`${id}-at`}
            value={shownAt}
            onFocus={() => !draft.pinned && state.pinAt(playhead)}
            onChange={(event) => state.setAtText(event.target.value)}
            className={timeInput}
            autoComplete="off"
            spellCheck={false}
          />
        </div>
        {isRange ? (
          <div className="grid gap-1">
            <label htmlFor={`${id}-end`} className="text-xs font-medium text-fg-muted">
              To
            </label>
            <input
              id={`${id}-end`}
              value={draft.endText ?? ''}
              onChange={(event) => state.setEndText(event.target.value)}
              className={timeInput}
              autoComplete="off"
              spellCheck={false}
            />
          </div>
        ) : null}
        <label className="flex min-h-11 cursor-pointer items-center gap-2 text-sm text-fg sm:min-h-10">
          <input
            type="checkbox"
            checked={isRange}
            onChange={(event) => state.setRange(event.target.checked, playhead)}
            className="size-4 accent-accent"
          />
          Range
        </label>
        {draft.pinned ? (
          <Button variant="ghost" size="sm" onClick={state.unpin} className="gap-1.5 text-xs">
            <X aria-hidden className="size-3.5" />
            Follow the playhead
          </Button>
        ) : null}
      </div>
      <CommentBodyField
        ref={textarea}
        id={`${id}-body`}
        label={`Your comment at ${shownAt}${isRange ? ` to ${draft.endText}` : ''}`}
        value={draft.body}
        onChange={(body) => {
          // The first word typed pins the moment heard when it was typed.
          if (!draft.pinned) state.pinAt(playhead);
          state.setBody(body);
        }}
        onSubmit={() => void submit()}
        error={error ?? disabled}
        placeholder="What should change here? Links are fine; formatting is not."
      />
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="flex items-center gap-1.5 text-xs text-fg-subtle">
          <MapPin aria-hidden className="size-3.5 shrink-0" />
          <span>
            Tap or click the waveform to pin a moment, or tick Range for a stretch.
            <span className="hidden sm:inline"> With a mouse, drag across it for a range; C pins the moment you hear.</span>
          </span>
        </p>
        <Button type="submit" disabled={pending || Boolean(disabled)} className="ml-auto">
          {pending ? 'Posting…' : `Post at ${shownAt}${isRange ? `–${draft.endText}` : ''}`}
        </Button>
      </div>
    </form>
  );
});

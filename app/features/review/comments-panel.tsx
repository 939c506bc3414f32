import { ListChecks, MessageSquare } from 'lucide-react';
import { useEffect, useId, useState } from 'react';
import type { CommentView, VersionComments } from '#common/review.ts';
import { cn } from '#app/lib/cn.ts';
import type { CommentActions } from './comment-actions.ts';
import { CommentThreadItem } from './comment-thread.tsx';
import { threadsOf } from './comment-threads.ts';
import { LinkifiedText } from './linkified-text.tsx';
import type { ReviewSide } from './review-paths.ts';
import { formatSpan } from './time-text.ts';

/** The edit window is judged again this often, so Edit and Delete go when it closes. */
const CLOCK_TICK_MS = 15_000;

interface CommentsPanelProps {
  side: ReviewSide;
  versionLabel: string;
  /** The version before it ("v2"), which the "to check" list comes from. */
  previousLabel: string | null;
  comments: VersionComments | undefined;
  failure: string | null;
  selected: number | null;
  actions: CommentActions;
  onSeek: (comment: CommentView) => void;
  /** False for someone who may only listen: the comments are read, not answered. */
  writable?: boolean;
}

/** The comments of the version being heard, in the order of the song, and what is left to check from the one before. */
export function CommentsPanel({
  side,
  versionLabel,
  previousLabel,
  comments,
  failure,
  selected,
  actions,
  onSeek,
  writable = true,
}: CommentsPanelProps) {
  const [now, setNow] = useState(() => Date.now());
  const headingId = useId();
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), CLOCK_TICK_MS);
    return () => clearInterval(timer);
  }, []);
  const threads = comments ? threadsOf(comments.comments) : [];
  const open = threads.filter((thread) => thread.comment.resolvedAt === null && !thread.comment.deleted).length;

  return (
    <section aria-labelledby={headingId} className="grid gap-4">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id={headingId} className="flex items-center gap-2 text-lg font-semibold text-fg">
          <MessageSquare aria-hidden className="size-5 text-accent" />
          Comments on {versionLabel}
        </h2>
        {comments ? (
          <p className="text-xs text-fg-subtle" data-open-comments={open}>
            {threads.length === 0 ? 'None yet' : `${open} open of ${threads.length}`}
          </p>
        ) : null}
      </div>
      {failure && !comments ? (
        <p role="alert" className="rounded-lg border border-danger/60 bg-danger-surface px-3 py-2 text-sm text-red-200">
          The comments could not be loaded: {failure}
        </p>
      ) : null}
      {!comments && !failure ? <p className="text-sm text-fg-muted">Loading comments…</p> : null}
      {comments && threads.length === 0 ? (
        <p className="rounded-xl border border-dashed border-line-strong p-4 text-sm text-fg-muted">
          No comments on {versionLabel} yet.{writable ? ' Pin the first one to a moment of the song.' : ''}
        </p>
      ) : null}
      {threads.length > 0 ? (
        <ol className="grid gap-3" aria-label={`Comments on ${versionLabel}, in the order of the song`}>
          {threads.map((thread) => (
            <CommentThreadItem
              key={thread.comment.id}
              thread={thread}
              side={side}
              now={now}
              selected={thread.comment.id === selected}
              actions={actions}
              onSeek={onSeek}
              writable={writable}
            />
          ))}
        </ol>
      ) : null}
      {comments && comments.toCheck.length > 0 ? (
        <ToCheck items={comments.toCheck} previousLabel={previousLabel} versionLabel={versionLabel} onSeek={onSeek} />
      ) : null}
    </section>
  );
}

function ToCheck({
  items,
  previousLabel,
  versionLabel,
  onSeek,
}: {
  items: CommentView[];
  previousLabel: string | null;
  versionLabel: string;
  onSeek: (comment: CommentView) => void;
}) {
  const headingId = useId();
  const sorted = [...items].sort((a, b) => a.atSeconds - b.atSeconds);
  return (
    <section aria-labelledby={headingId} className="grid gap-3 rounded-xl border border-line bg-surface-raised/50 p-4">
      <div>
        <h3 id={headingId} className="flex items-center gap-2 text-base font-semibold text-fg">
          <ListChecks aria-hidden className="size-4 text-accent" />
          To check from {previousLabel ?? 'the previous version'}
        </h3>
        <p className="mt-1 text-xs text-fg-muted">Still open there: listen to the same moments in {versionLabel}.</p>
      </div>
      <ul className="grid gap-2">
        {sorted.map((item) => (
          <li key={item.id} className="flex items-start gap-3 text-sm" data-to-check={item.id}>
            <button
              type="button"
              onClick={() => onSeek(item)}
              aria-label={`Play ${versionLabel} from ${formatSpan(item.atSeconds, item.endSeconds)}`}
              className={cn(
                'min-h-11 shrink-0 rounded-full bg-surface px-2.5 text-xs font-semibold tabular-nums text-fg-muted sm:min-h-8',
                'hover:text-accent focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-accent',
              )}
            >
              {formatSpan(item.atSeconds, item.endSeconds)}
            </button>
            <LinkifiedText text={item.body} className="min-w-0 whitespace-pre-wrap break-words pt-1.5 text-fg-muted sm:pt-1" />
          </li>
        ))}
      </ul>
    </section>
  );
}

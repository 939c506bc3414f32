import { CheckCircle2, CornerDownRight, Pencil, RotateCcw, Trash2 } from 'lucide-react';
import { useId, useState } from 'react';
import { commentAuthorLabel, type CommentView } from '#common/review.ts';
import { Button } from '#app/components/ui/button.tsx';
import { ConfirmDeleteDialog } from '#app/components/ui/confirm-delete-dialog.tsx';
import { cn } from '#app/lib/cn.ts';
import type { CommentActions } from './comment-actions.ts';
import { CommentBodyField } from './comment-body-field.tsx';
import { canChange, type CommentThread as Thread } from './comment-threads.ts';
import { LinkifiedText } from './linkified-text.tsx';
import { LocalDateTime } from '#app/components/local-date-time.tsx';
import type { ReviewSide } from './review-paths.ts';
import { formatSpan } from './time-text.ts';

interface CommentThreadProps {
  thread: Thread;
  side: ReviewSide;
  /** The clock the edit window is judged by (re-read every little while by the list). */
  now: number;
  selected: boolean;
  actions: CommentActions;
  onSeek: (comment: CommentView) => void;
  /** False for someone who may only listen (a collaborator's role): no reply, no edit. */
  writable?: boolean;
}

const smallAction = 'h-11 gap-1.5 px-3 text-xs sm:h-8';

/** One comment at its moment, its replies, and what the reader may do with them. */
export function CommentThreadItem({ thread, side, now, selected, actions, onSeek, writable = true }: CommentThreadProps) {
  const { comment, replies } = thread;
  const [replying, setReplying] = useState(false);
  const [reply, setReply] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const replyId = useId();
  const resolved = comment.resolvedAt !== null;

  const sendReply = async () => {
    if (!reply.trim()) return setError('Write a reply first');
    setPending(true);
    const result = await actions.post(comment.versionId, { parentId: comment.id, body: reply });
    setPending(false);
    if ('error' in result) return setError(result.error);
    setReply('');
    setError(null);
    setReplying(false);
  };
  const toggleResolved = async () => {
    setPending(true);
    setError(await actions.setResolved(comment.versionId, comment.id, !resolved));
    setPending(false);
  };

  return (
    <li
      id={`comment-${comment.id}`}
      data-comment-thread={comment.id}
      data-resolved={resolved ? 'true' : 'false'}
      aria-current={selected ? 'true' : undefined}
      className={cn(
        'scroll-mt-24 rounded-xl border bg-ink/40 p-3 transition-colors sm:p-4',
        selected ? 'border-accent' : 'border-line',
        resolved && 'bg-transparent',
      )}
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <button
          type="button"
          onClick={() => onSeek(comment)}
          aria-label={`Play from ${formatSpan(comment.atSeconds, comment.endSeconds)}`}
          className={cn(
            'min-h-11 shrink-0 rounded-full px-2.5 text-xs font-semibold tabular-nums sm:min-h-8',
            'focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-accent',
            resolved ? 'bg-surface-raised text-fg-muted hover:text-fg' : 'bg-accent-soft text-accent hover:bg-accent hover:text-ink',
          )}
        >
          {formatSpan(comment.atSeconds, comment.endSeconds)}
        </button>
        {resolved ? (
          <p className="flex items-center gap-1.5 text-xs font-medium text-success">
            <CheckCircle2 aria-hidden className="size-3.5" />
            Resolved{comment.resolvedByName ? ` by ${comment.resolvedByName}` : ''}
          </p>
        ) : null}
      </div>
      <div className="mt-2">
        <div className="min-w-0">
          <CommentBody comment={comment} versionId={comment.versionId} now={now} actions={actions} writable={writable} />
          {replies.length > 0 ? (
            <ul className="mt-3 grid gap-3 border-l border-line pl-3" aria-label="Replies">
              {replies.map((item) => (
                <li key={item.id} data-comment-reply={item.id}>
                  <CommentBody comment={item} versionId={comment.versionId} now={now} actions={actions} writable={writable} />
                </li>
              ))}
            </ul>
          ) : null}
          {replying ? (
            <div className="mt-3 grid gap-2">
              <CommentBodyField
                id={replyId}
                label={`Reply to the comment at ${formatSpan(comment.atSeconds, comment.endSeconds)}`}
                value={reply}
                onChange={setReply}
                onSubmit={() => void sendReply()}
                error={error}
                rows={2}
                placeholder="Write a reply"
              />
              <div className="flex gap-2">
                <Button size="sm" onClick={() => void sendReply()} disabled={pending}>
                  {pending ? 'Sending…' : 'Send reply'}
                </Button>
                <Button size="sm" variant="ghost" onClick={() => setReplying(false)}>
                  Cancel
                </Button>
              </div>
            </div>
          ) : (
            <>
              {error ? (
                <p role="alert" className="mt-2 text-xs font-medium text-red-400">
                  {error}
                </p>
              ) : null}
              <div className="mt-2 flex flex-wrap gap-1">
                {writable ? (
                  <Button variant="ghost" size="sm" className={smallAction} onClick={() => setReplying(true)}>
                    <CornerDownRight aria-hidden className="size-3.5" />
                    Reply
                  </Button>
                ) : null}
                {side === 'manage' && !comment.deleted ? (
                  <Button variant="ghost" size="sm" className={smallAction} onClick={() => void toggleResolved()} disabled={pending}>
                    {resolved ? <RotateCcw aria-hidden className="size-3.5" /> : <CheckCircle2 aria-hidden className="size-3.5" />}
                    {resolved ? 'Reopen' : 'Resolve'}
                  </Button>
                ) : null}
              </div>
            </>
          )}
        </div>
      </div>
    </li>
  );
}

/** Who wrote a comment and when, its words, and Edit/Delete while it is theirs to change. */
function CommentBody({
  comment,
  versionId,
  now,
  actions,
  writable,
}: {
  comment: CommentView;
  versionId: number;
  now: number;
  actions: CommentActions;
  writable: boolean;
}) {
  const [editing, setEditing] = useState(false);
  const [text, setText] = useState(comment.body);
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const fieldId = useId();
  const changeable = writable && canChange(comment, now);
  const author = comment.authorName ?? (comment.authorSide === 'studio' ? 'The studio' : commentAuthorLabel(comment));

  const save = async () => {
    if (!text.trim()) return setError('Write something, or delete the comment');
    setPending(true);
    const failure = await actions.edit(versionId, comment.id, text);
    setPending(false);
    setError(failure);
    if (!failure) setEditing(false);
  };
  const remove = async () => {
    const failure = await actions.remove(versionId, comment.id);
    setError(failure);
    return failure === null;
  };

  return (
    <div className="grid gap-1">
      <p className="flex flex-wrap items-center gap-x-2 gap-y-0.5 text-xs text-fg-subtle">
        <span className="font-semibold text-fg">{author}</span>
        <span
          data-author-kind={comment.authorKind}
          className={cn(
            'rounded-full px-1.5 py-px text-[0.6875rem] font-semibold uppercase tracking-wide',
            comment.authorSide === 'studio' ? 'bg-sky-400/15 text-sky-300' : 'bg-accent-soft text-accent',
          )}
        >
          {commentAuthorLabel(comment)}
        </span>
        <LocalDateTime iso={comment.createdAt} />
        {comment.editedAt && !comment.deleted ? <span>(edited)</span> : null}
      </p>
      {editing ? (
        <div className="mt-1 grid gap-2">
          <CommentBodyField
            id={fieldId}
            label="Edit your comment"
            value={text}
            onChange={setText}
            onSubmit={() => void save()}
            error={error}
            rows={2}
          />
          <div className="flex gap-2">
            <Button size="sm" onClick={() => void save()} disabled={pending}>
              {pending ? 'Saving…' : 'Save'}
            </Button>
            <Button
              size="sm"
              variant="ghost"
              onClick={() => {
                setEditing(false);
                setText(comment.body);
                setError(null);
              }}
            >
              Cancel
            </Button>
          </div>
        </div>
      ) : comment.deleted ? (
        <p className="text-sm italic text-fg-subtle">Comment deleted</p>
      ) : (
        <LinkifiedText text={comment.body} className="whitespace-pre-wrap break-words text-sm text-fg" />
      )}
      {changeable && !editing ? (
        <div className="flex flex-wrap gap-1">
          <Button variant="ghost" size="sm" className={smallAction} onClick={() => setEditing(true)}>
            <Pencil aria-hidden className="size-3.5" />
            Edit
          </Button>
          <ConfirmDeleteDialog
            trigger={
              <>
                <Trash2 aria-hidden className="size-3.5" />
                Delete
              </>
            }
            triggerLabel="Delete your comment"
            triggerClassName={smallAction}
            title="Delete this comment?"
            description="It is removed for both sides; replies to it stay."
            confirmLabel="Delete"
            onDelete={remove}
          />
        </div>
      ) : null}
      {error && !editing ? (
        <p role="alert" className="text-xs font-medium text-red-400">
          {error}
        </p>
      ) : null}
    </div>
  );
}

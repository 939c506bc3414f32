import { Inbox, ShieldAlert } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { SPAM_KEPT_DAYS, SPAM_REASON_LABELS } from '#common/contact-spam.ts';
import { Button } from '#app/components/ui/button.tsx';
import { LocalDateTime } from '#app/components/local-date-time.tsx';
import { EmptyNote } from '#app/features/admin/dashboard/empty-note.tsx';
import type { SpamSubmission } from './contact-types.ts';
import type { SpamFolderState } from './use-spam-folder.ts';

const DAY_MS = 24 * 60 * 60 * 1000;
const reasonClasses =
  'inline-flex items-center gap-1 rounded-full bg-orange-400/15 px-2.5 py-0.5 text-xs font-semibold text-orange-200 ' +
  'ring-1 ring-inset ring-orange-400/40';
const foldClasses =
  'mt-1 min-h-11 text-sm text-accent underline-offset-4 hover:underline sm:min-h-0 ' +
  'focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-accent';

/** The Spam view: what the form's checks caught, each with why and a way back to the inbox. */
export function SpamFolder({ folder }: { folder: SpamFolderState }) {
  const { items, error } = folder;
  return (
    <section aria-labelledby="spam-folder-heading" className="grid grid-cols-[minmax(0,1fr)] gap-4">
      <div>
        <h3 id="spam-folder-heading" className="text-lg font-semibold text-fg">
          Spam
        </h3>
        <p className="mt-1 max-w-prose text-sm text-fg-muted">
          Messages sent within 2 seconds of opening the form, or with its hidden field filled in (both signs of a script), land here instead
          of the inbox. Nobody is e-mailed about them. Each is deleted {SPAM_KEPT_DAYS} days after it arrived, unless you move it to the
          inbox.
        </p>
      </div>
      {error ? (
        <p role="alert" className="rounded-xl border border-danger/60 bg-danger-surface/50 px-6 py-8 text-center text-red-200">
          Unable to load the spam folder. {error}
        </p>
      ) : items === null ? (
        <p role="status" className="text-sm text-fg-muted">
          Loading the spam folder...
        </p>
      ) : items.length === 0 ? (
        <EmptyNote>{`No spam. Messages the form's checks catch would wait here for ${SPAM_KEPT_DAYS} days.`}</EmptyNote>
      ) : (
        <>
          <p className="text-sm text-fg-subtle" aria-live="polite">
            {items.length === 1 ? '1 message' : `${items.length} messages`}
          </p>
          <ul className="grid grid-cols-[minmax(0,1fr)] gap-3">
            {items.map((item) => (
              <li key={item.id}>
                <SpamCard item={item} onNotSpam={() => folder.notSpam(item)} />
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}

/**
 * A message shows three lines until the owner asks for the rest; whether there is a rest depends on
 * the width, so it is measured (again whenever the card changes size) while the text is folded.
 */
function useFoldedText(unfolded: boolean) {
  const ref = useRef<HTMLParagraphElement>(null);
  const [cutOff, setCutOff] = useState(false);
  useEffect(() => {
    const element = ref.current;
    if (!element || unfolded) return;
    const observer = new ResizeObserver(() => setCutOff(element.scrollHeight > element.clientHeight + 1));
    observer.observe(element);
    return () => observer.disconnect();
  }, [unfolded]);
  return [ref, cutOff] as const;
}

function SpamCard({ item, onNotSpam }: { item: SpamSubmission; onNotSpam: () => Promise<boolean> }) {
  const id = useId();
  const [moving, setMoving] = useState(false);
  const [unfolded, setUnfolded] = useState(false);
  const [messageRef, cutOff] = useFoldedText(unfolded);
  const deletedAt = new Date(new Date(item.createdAt).getTime() + SPAM_KEPT_DAYS * DAY_MS).toISOString();
  return (
    <article aria-labelledby={`${id}-name`} className="rounded-xl border border-line bg-surface p-4 sm:p-5">
      <div className="flex flex-wrap items-start justify-between gap-x-3 gap-y-1">
        <div className="min-w-0 flex-1">
          <div className="flex flex-wrap items-center gap-2">
            <h4 id={`${id}-name`} className="min-w-0 break-words text-lg font-semibold text-fg">
              {item.name}
            </h4>
            <span className={reasonClasses}>
              <ShieldAlert aria-hidden className="size-3.5" />
              <span className="sr-only">Caught because: </span>
              {SPAM_REASON_LABELS[item.spamReason] ?? item.spamReason}
            </span>
          </div>
          <p className="break-all text-sm text-fg-muted">
            {item.email}
            {item.phone ? <span className="break-normal"> · {item.phone}</span> : null}
          </p>
        </div>
        {/* First on a phone, so the name keeps the full width; to the right from sm up (as in the inbox). */}
        <p className="order-first w-full text-sm text-fg-subtle sm:order-none sm:w-auto">
          <LocalDateTime iso={item.createdAt} />
        </p>
      </div>
      <p
        ref={messageRef}
        id={`${id}-message`}
        className={`mt-2 whitespace-pre-line break-words text-sm text-fg-muted ${unfolded ? '' : 'line-clamp-3'}`}
      >
        {item.message}
      </p>
      {unfolded || cutOff ? (
        <button
          type="button"
          aria-expanded={unfolded}
          aria-controls={`${id}-message`}
          onClick={() => setUnfolded(!unfolded)}
          className={foldClasses}
        >
          {unfolded ? 'Show less' : 'Show the whole message'}
        </button>
      ) : null}
      <div className="mt-3 flex flex-wrap items-center justify-between gap-3 border-t border-line pt-3">
        <p className="text-sm text-fg-subtle">
          Deleted after <LocalDateTime iso={deletedAt} />
        </p>
        <Button
          variant="secondary"
          size="sm"
          className="h-11 sm:h-9"
          disabled={moving}
          aria-label={`Not spam: move the message from ${item.name} to the inbox`}
          onClick={async () => {
            setMoving(true);
            // Gone from the list when it worked; back to a live button when it did not.
            if (!(await onNotSpam())) setMoving(false);
          }}
        >
          <Inbox aria-hidden className="size-4" />
          {moving ? 'Moving...' : 'Not spam'}
        </Button>
      </div>
    </article>
  );
}

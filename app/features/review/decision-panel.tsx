import { BadgeCheck, CircleAlert, Hourglass, RotateCcw } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { TRACK_STATE_LABELS, type ReviewDecision, type TrackView, type VersionView } from '#common/review.ts';
import { Button } from '#app/components/ui/button.tsx';
import { FormDialog } from '#app/components/ui/form-dialog.tsx';
import { inputClasses } from '#app/components/ui/form-field.tsx';
import { api } from '#app/lib/api.ts';
import { cn } from '#app/lib/cn.ts';
import { failureText } from './comment-actions.ts';
import type { ReviewApi, ReviewSide } from './review-paths.ts';
import { versionLabel } from './versions.ts';

/** How long a revisions summary may be (the server's rule). */
const SUMMARY_MAX = 4000;

export const BILLED_ROUNDS_NOTE = 'Further rounds are billed separately — the studio will confirm the price before starting.';

/** "Revision rounds: used 1 of 2", or "used 3 · unlimited". */
export function roundsText(used: number, included: number | null): string {
  return included === null ? `Revision rounds: used ${used} · unlimited` : `Revision rounds: used ${used} of ${included}`;
}

interface DecisionPanelProps {
  side: ReviewSide;
  track: TrackView;
  newest: VersionView | null;
  paths: ReviewApi;
  onDecided: (decision: ReviewDecision) => void;
}

/**
 * Where the track stands, and for the client the decision on the newest version: approve it, or ask
 * for another round with a summary. The studio sees the same facts without the buttons.
 */
export function DecisionPanel({ side, track, newest, paths, onDecided }: DecisionPanelProps) {
  const headingId = useId();
  const used = track.revisionsUsed;
  const included = track.revisionsIncluded;
  const allUsed = included !== null && used >= included;
  const approved = track.versions.find((version) => version.id === track.approvedVersionId) ?? null;
  const canDecide = side === 'portal' && track.state === 'in_review' && newest !== null && !newest.removedAt;
  const ready = newest?.analysisState === 'done';

  return (
    <section
      aria-labelledby={headingId}
      className="grid gap-4 rounded-2xl border border-line bg-surface p-5 sm:p-6"
      data-track-state={track.state}
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id={headingId} className="text-lg font-semibold text-fg">
          Decision
        </h2>
        <StateBadge state={track.state} />
      </div>
      <StateLine track={track} newest={newest} approved={approved} side={side} />
      <div className="grid gap-1 text-sm">
        <p className="font-medium text-fg" data-rounds>
          {roundsText(used, included)}
        </p>
        {allUsed && track.state !== 'approved' ? <p className="text-fg-muted">{BILLED_ROUNDS_NOTE}</p> : null}
      </div>
      {canDecide && newest ? (
        <div className="grid gap-2">
          {!ready ? <p className="text-sm text-fg-muted">You can decide once {versionLabel(newest)} has been analysed.</p> : null}
          <div className="flex flex-col gap-2 sm:flex-row lg:flex-col xl:flex-row">
            <ApproveButton version={newest} disabled={!ready} paths={paths} onDecided={onDecided} />
            <RequestRevisionsButton
              version={newest}
              disabled={!ready}
              paths={paths}
              nextBeyond={included !== null && used + 1 > included}
              used={used}
              included={included}
              onDecided={onDecided}
            />
          </div>
        </div>
      ) : null}
    </section>
  );
}

function StateBadge({ state }: { state: TrackView['state'] }) {
  const tone =
    state === 'approved'
      ? 'bg-success/15 text-success'
      : state === 'revisions_requested'
        ? 'bg-sky-400/15 text-sky-300'
        : 'bg-accent-soft text-accent';
  return <span className={cn('rounded-full px-2.5 py-1 text-xs font-semibold', tone)}>{TRACK_STATE_LABELS[state]}</span>;
}

function StateLine({
  track,
  newest,
  approved,
  side,
}: {
  track: TrackView;
  newest: VersionView | null;
  approved: VersionView | null;
  side: ReviewSide;
}) {
  const line = 'flex gap-2.5 text-sm text-fg-muted';
  if (track.state === 'approved') {
    return (
      <p className={line} data-approved-version={approved?.id}>
        <BadgeCheck aria-hidden className="mt-0.5 size-4 shrink-0 text-success" />
        <span>
          <strong className="text-fg">{approved ? versionLabel(approved) : 'A version'} is approved.</strong>{' '}
          {side === 'portal' ? 'The studio prepares your final delivery.' : 'Time for the final delivery.'}
        </span>
      </p>
    );
  }
  if (track.state === 'revisions_requested') {
    return (
      <p className={line}>
        <RotateCcw aria-hidden className="mt-0.5 size-4 shrink-0 text-sky-300" />
        <span>
          Revisions were requested on {newest ? versionLabel(newest) : 'the newest version'}.{' '}
          {side === 'portal' ? 'The studio is working on the next version.' : 'The next version is yours to upload.'}
        </span>
      </p>
    );
  }
  if (track.state === 'awaiting_version' || !newest) {
    return (
      <p className={line}>
        <Hourglass aria-hidden className="mt-0.5 size-4 shrink-0" />
        <span>No version to review yet.</span>
      </p>
    );
  }
  return (
    <p className={line}>
      <Hourglass aria-hidden className="mt-0.5 size-4 shrink-0 text-accent" />
      <span>
        {versionLabel(newest)} is the newest version.{' '}
        {side === 'portal' ? 'Approve it, or ask for changes with a summary.' : 'Waiting for the client’s decision.'}
      </span>
    </p>
  );
}

function ApproveButton({
  version,
  disabled,
  paths,
  onDecided,
}: {
  version: VersionView;
  disabled: boolean;
  paths: ReviewApi;
  onDecided: (decision: ReviewDecision) => void;
}) {
  const [open, setOpen] = useState(false);
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const label = versionLabel(version);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setPending(true);
    const result = await api<ReviewDecision>('POST', paths.approve(version.id));
    setPending(false);
    if (!result.ok) return setError(failureText(result));
    setOpen(false);
    onDecided(result.data);
  };
  return (
    <>
      <Button onClick={() => (setError(null), setOpen(true))} disabled={disabled}>
        <BadgeCheck aria-hidden className="size-4" />
        Approve this version
      </Button>
      <FormDialog
        open={open}
        onOpenChange={setOpen}
        title={`Approve ${label}?`}
        description={`${label} becomes the final mix of this track, and the studio prepares its delivery. This cannot be undone here.`}
        onSubmit={(event) => void submit(event)}
        pending={pending}
        submitLabel={`Approve ${label}`}
        pendingLabel="Approving…"
      >
        {error ? (
          <ErrorLine message={error} />
        ) : (
          <p className="text-sm text-fg-muted">Listened to it all the way through? Then it is done.</p>
        )}
      </FormDialog>
    </>
  );
}

function RequestRevisionsButton({
  version,
  disabled,
  paths,
  nextBeyond,
  used,
  included,
  onDecided,
}: {
  version: VersionView;
  disabled: boolean;
  paths: ReviewApi;
  nextBeyond: boolean;
  used: number;
  included: number | null;
  onDecided: (decision: ReviewDecision) => void;
}) {
  const [open, setOpen] = useState(false);
  const [summary, setSummary] = useState('');
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const id = useId();
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!summary.trim()) return setError('Say what should change');
    setPending(true);
    const result = await api<ReviewDecision>('POST', paths.requestRevisions(version.id), { summary });
    setPending(false);
    if (!result.ok) return setError(result.errors.summary?.[0] ?? failureText(result));
    setOpen(false);
    setSummary('');
    onDecided(result.data);
  };
  return (
    <>
      <Button variant="secondary" onClick={() => (setError(null), setOpen(true))} disabled={disabled}>
        <RotateCcw aria-hidden className="size-4" />
        Request revisions
      </Button>
      <FormDialog
        open={open}
        onOpenChange={setOpen}
        size="lg"
        title="Request revisions"
        description={`Sum up what should change in ${versionLabel(version)}. Your comments at each moment go along with it.`}
        onSubmit={(event) => void submit(event)}
        pending={pending}
        submitLabel="Send the request"
        pendingLabel="Sending…"
      >
        <p className="text-sm text-fg-muted">
          This is round {used + 1}
          {included === null ? ' (your package has unlimited rounds).' : ` of the ${included} your package includes.`}
        </p>
        {nextBeyond ? (
          <p role="note" className="flex gap-2.5 rounded-lg border border-accent/40 bg-accent-soft p-3 text-sm text-fg">
            <CircleAlert aria-hidden className="mt-0.5 size-4 shrink-0 text-accent" />
            {BILLED_ROUNDS_NOTE}
          </p>
        ) : null}
        <div className="grid gap-2">
          <label htmlFor={id} className="text-sm font-medium text-fg">
            Summary
          </label>
          <textarea
            id={id}
            value={summary}
            rows={5}
            maxLength={SUMMARY_MAX}
            onChange={(event) => setSummary(event.target.value)}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${id}-error` : undefined}
            className={cn(inputClasses, 'resize-y text-sm')}
          />
          {error ? <ErrorLine id={`${id}-error`} message={error} /> : null}
        </div>
      </FormDialog>
    </>
  );
}

function ErrorLine({ message, id }: { message: string; id?: string }) {
  return (
    <p id={id} role="alert" className="text-sm font-medium text-red-400">
      {message}
    </p>
  );
}

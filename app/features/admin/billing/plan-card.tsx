import { Check, Circle, CircleDot, Loader2 } from 'lucide-react';
import { useState } from 'react';
import { formatMoney } from '#common/billing/money.ts';
import type { AdminProjectView } from '#common/projects.ts';
import { Button } from '#app/components/ui/button.tsx';
import { SectionCard } from '#app/features/admin/projects/section-card.tsx';
import { cn } from '#app/lib/cn.ts';
import { PlanEditorDialog } from './plan-editor-dialog.tsx';
import { planTimeline, type TimelineStep } from './plan-timeline.ts';
import { usePaymentPlan } from './use-payment-plan.ts';

const WAITING_WORDS = { you: 'Waiting on you', client: 'Waiting on the client' } as const;

function StepRow({ step, last }: { step: TimelineStep; last: boolean }) {
  const Icon = step.state === 'done' ? Check : step.state === 'next' ? CircleDot : Circle;
  return (
    <li
      className="relative grid grid-cols-[1.75rem_minmax(0,1fr)] gap-3 pb-4 last:pb-0"
      aria-current={step.state === 'next' ? 'step' : undefined}
    >
      {last ? null : (
        <span
          aria-hidden
          className={cn('absolute left-[0.8rem] top-7 h-[calc(100%-1.75rem)] w-px', step.state === 'done' ? 'bg-accent' : 'bg-line')}
        />
      )}
      <span
        aria-hidden
        className={cn(
          'flex size-7 items-center justify-center rounded-full border',
          step.state === 'done' && 'border-accent bg-accent text-ink',
          step.state === 'next' && 'border-accent text-accent',
          step.state === 'later' && 'border-line text-fg-subtle',
        )}
      >
        <Icon className="size-4" />
      </span>
      <div className="min-w-0 pt-0.5">
        <p className={cn('text-sm font-semibold', step.state === 'later' ? 'text-fg-muted' : 'text-fg')}>
          {step.label}
          <span className="sr-only">{step.state === 'done' ? ' (done)' : step.state === 'next' ? ' (next)' : ' (later)'}</span>
        </p>
        <p className="text-sm text-fg-muted">{step.detail}</p>
        {step.state === 'next' && step.waiting ? (
          <p
            className={cn(
              'mt-1 inline-block rounded-full px-2 py-0.5 text-xs font-medium',
              step.waiting === 'you' ? 'bg-accent-soft text-accent' : 'bg-ink text-fg',
            )}
          >
            {WAITING_WORDS[step.waiting]}
          </p>
        ) : null}
      </div>
    </li>
  );
}

/**
 * The project's payment plan on its page (decision 103): the timeline from the plan's start to the
 * masters delivered, what comes next and who it waits on, and the plan's editor. What it shows as
 * held is what every delivery route answers 402 for.
 */
export function PlanCard({ project, version, onSaved }: { project: AdminProjectView; version: number; onSaved: () => void }) {
  const deliveries = project.deliveries.filter((file) => !file.removedAt).length;
  const { answer, error, save } = usePaymentPlan(project.id, `${version}|${project.updatedAt}|${project.deliveryLocked}|${deliveries}`);
  const [editing, setEditing] = useState(false);
  const money = (cents: number) => formatMoney(cents, answer?.currency ?? 'USD');
  const plan = answer?.plan ?? null;
  const steps = plan ? planTimeline(plan, { status: project.status, deliveries, deliveryLocked: project.deliveryLocked }, money) : [];
  const next = steps.find((step) => step.state === 'next');
  const description = !answer
    ? undefined
    : plan
      ? next
        ? `Next: ${next.label.toLowerCase()}${next.waiting ? ` (${WAITING_WORDS[next.waiting].toLowerCase()})` : ''}.`
        : 'Paid and delivered.'
      : answer.priceCents === null
        ? 'Set the agreed price to plan a deposit and a balance.'
        : 'No plan yet: the masters wait only for sent invoices.';

  return (
    <SectionCard
      id="project-plan"
      title="Payment plan"
      description={description}
      actions={
        answer && answer.priceCents !== null ? (
          <Button size="sm" variant={plan ? 'secondary' : 'primary'} onClick={() => setEditing(true)}>
            {plan ? 'Change plan' : 'Set plan'}
          </Button>
        ) : null
      }
    >
      {!answer ? (
        error ? (
          <p role="alert" className="text-sm text-red-300">
            Unable to load the plan: {error}
          </p>
        ) : (
          <p role="status" className="flex items-center gap-2 text-sm text-fg-muted">
            <Loader2 aria-hidden className="size-4 animate-spin motion-reduce:animate-none" />
            Loading the plan...
          </p>
        )
      ) : plan ? (
        <div className="grid gap-4 md:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]">
          <ol aria-label="Timeline" className="grid">
            {steps.map((step, index) => (
              <StepRow key={step.key} step={step} last={index === steps.length - 1} />
            ))}
          </ol>
          <div className="grid content-start gap-2 self-start rounded-lg bg-ink p-4 text-sm">
            <dl className="grid gap-2">
              <div className="flex justify-between gap-3">
                <dt className="text-fg-muted">Total</dt>
                <dd className="tabular-nums text-fg">{money(plan.totalCents)}</dd>
              </div>
              <div className="flex justify-between gap-3">
                <dt className="text-fg-muted">Masters held for</dt>
                <dd className="font-semibold tabular-nums text-fg">{plan.heldCents === 0 ? 'nothing' : money(plan.heldCents)}</dd>
              </div>
              <div className="flex justify-between gap-3">
                <dt className="text-fg-muted">Uploads</dt>
                <dd className="text-right text-fg">{plan.depositGatesUploads && !plan.depositPaid ? 'wait for the deposit' : 'open'}</dd>
              </div>
            </dl>
            {!project.deliveryLocked ? (
              <p className="text-xs text-fg-subtle">Unlocked by hand: the client may download whatever is owed.</p>
            ) : null}
            {answer.priceCents !== null && answer.priceCents !== plan.totalCents ? (
              <p role="note" className="text-xs text-accent">
                The agreed price is now {money(answer.priceCents)}: change the plan to follow it.
              </p>
            ) : null}
          </div>
        </div>
      ) : null}
      {editing && answer ? (
        <PlanEditorDialog
          answer={answer}
          onClose={() => setEditing(false)}
          onSave={async (input) => {
            const refused = await save(input);
            if (!refused) onSaved();
            return refused;
          }}
        />
      ) : null}
    </SectionCard>
  );
}

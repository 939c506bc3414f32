import type { PaymentPlanView, PlanPartView } from '#common/billing/payment-plan.ts';
import type { ProjectStatus } from '#common/project-lifecycle.ts';

/*
 * A project's plan as the owner's timeline (decision 103): started, deposit paid, work, review,
 * balance paid, delivered; each step done, the next one, or later, and for the next one who it waits
 * on. Worked out from the plan and the project alone, so the card says what the lock does.
 */

export type StepState = 'done' | 'next' | 'later';
export type Waiting = 'you' | 'client' | null;

export interface TimelineStep {
  key: 'started' | 'deposit' | 'work' | 'review' | 'balance' | 'delivered';
  label: string;
  state: StepState;
  /** What it takes, in words (the next step: what is awaited). */
  detail: string;
  waiting: Waiting;
}

interface ProjectFacts {
  status: ProjectStatus;
  deliveries: number;
  deliveryLocked: boolean;
}

const AFTER_WORK: readonly ProjectStatus[] = ['in_review', 'revisions', 'approved', 'delivered', 'completed', 'archived'];
const AFTER_REVIEW: readonly ProjectStatus[] = ['approved', 'delivered', 'completed', 'archived'];

/** What a part waits for: the owner to invoice or send it, or the client to pay it. */
function partStep(part: PlanPartView, money: (cents: number) => string, invoiceMoment: string): Pick<TimelineStep, 'detail' | 'waiting'> {
  if (part.state === 'paid') return { detail: `${money(part.amountCents)} paid`, waiting: null };
  if (part.state === 'not_invoiced') return { detail: `${money(part.amountCents)}, invoiced ${invoiceMoment}`, waiting: 'you' };
  if (part.state === 'draft') return { detail: `Send invoice ${part.invoiceNumber}: ${money(part.owedCents)}`, waiting: 'you' };
  return { detail: `${money(part.owedCents)} due on ${part.invoiceNumber}`, waiting: 'client' };
}

export function planTimeline(plan: PaymentPlanView, project: ProjectFacts, money: (cents: number) => string): TimelineStep[] {
  const [first, second] = plan.parts;
  const deposit = first && first.kind !== 'full' ? first : first?.due.rule === 'at_start' ? first : undefined;
  const balance = deposit === first ? second : first;
  const steps: Array<Omit<TimelineStep, 'state'> & { done: boolean }> = [
    {
      key: 'started',
      label: 'Plan started',
      done: true,
      detail: new Date(plan.startedAt).toLocaleDateString('en-US', { dateStyle: 'medium' }),
      waiting: null,
    },
  ];
  if (deposit)
    steps.push({
      key: 'deposit',
      label: deposit.kind === 'full' ? 'Paid in full' : 'Deposit paid',
      done: deposit.state === 'paid',
      ...partStep(deposit, money, 'when the plan starts'),
    });
  steps.push({
    key: 'work',
    label: 'Work',
    done: AFTER_WORK.includes(project.status),
    detail: project.status === 'awaiting_files' ? 'Waiting for the client’s files' : 'Mixing and mastering',
    waiting: project.status === 'awaiting_files' ? 'client' : 'you',
  });
  steps.push({
    key: 'review',
    label: 'Review',
    done: AFTER_REVIEW.includes(project.status),
    detail: project.status === 'revisions' ? 'Revisions asked' : 'The client listens and approves',
    waiting: project.status === 'revisions' ? 'you' : project.status === 'in_review' ? 'client' : 'you',
  });
  if (balance)
    steps.push({
      key: 'balance',
      label: balance.kind === 'full' ? 'Paid in full' : 'Balance paid',
      done: balance.state === 'paid' || !balance.holdsDelivery,
      ...(balance.holdsDelivery
        ? partStep(balance, money, 'when the masters are delivered')
        : { detail: `${money(balance.amountCents)} due after delivery`, waiting: null }),
    });
  const open = plan.heldCents === 0 || !project.deliveryLocked;
  steps.push({
    key: 'delivered',
    label: 'Delivered',
    done: project.deliveries > 0 && open,
    detail:
      project.deliveries === 0
        ? 'Upload the masters'
        : open
          ? 'The client can download the masters'
          : `Masters held until ${money(plan.heldCents)} is paid`,
    waiting: project.deliveries === 0 ? 'you' : open ? null : 'client',
  });
  const next = steps.findIndex((step) => !step.done);
  return steps.map(({ done, ...step }, index) => ({ ...step, state: done ? 'done' : index === next ? 'next' : 'later' }));
}

import type { UpdateProjectInput } from '#common/projects.ts';
import type { BillingCapability } from '#server/billing/billing-capability.ts';
import type { Actor } from '#server/projects/activity.ts';
import type { ProjectsCapability } from '#server/projects/projects-capability.ts';
import type { UpdateOutcome } from '#server/projects/projects-service.ts';
import { giveStudioPlan } from './studio-plan.ts';

/*
 * The owner changes a project (PATCH /api/admin/projects/{id}): its own fields are the projects
 * capability's; whether its deliveries wait for payment is billing's (decision 093), which also tells
 * the client their files are ready when it opens them while something is owed. One request may carry
 * both; the answer is the project as it is after both. Marked delivered, the payment plan invoices
 * what it still asks (decision 103); priced for the first time, it gets the studio's usual plan.
 */
export async function updateProject(
  parts: { projects: Pick<ProjectsCapability, 'records'>; billing: Pick<BillingCapability, 'desk' | 'plans' | 'invoices'> },
  id: number,
  change: { fields: UpdateProjectInput | null; deliveryLocked?: boolean },
  actor: Actor & { side: 'studio' },
): Promise<UpdateOutcome> {
  if (change.fields) {
    const outcome = await parts.projects.records.update(id, change.fields, actor);
    if (outcome.kind !== 'saved') return outcome;
    // Priced now and still without a plan or an invoice: the studio's usual plan holds the masters.
    if (change.fields.price !== undefined) await giveStudioPlan(parts.billing, id);
    // Marked delivered by hand: the plan's parts still without an invoice are invoiced now, as when a master arrives (decision 103).
    if (change.fields.status === 'delivered') await parts.billing.plans.invoiceDue(id, 'delivery');
  }
  const project = await parts.projects.records.adminView(id);
  if (!project) return { kind: 'not-found' };
  if (change.deliveryLocked === undefined) return { kind: 'saved', project };
  return { kind: 'saved', project: { ...project, deliveryLocked: await parts.billing.desk.setDeliveryLock(id, change.deliveryLocked) } };
}

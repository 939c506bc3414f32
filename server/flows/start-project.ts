import type { CreateProjectInput } from '#common/projects.ts';
import type { BillingCapability } from '#server/billing/billing-capability.ts';
import { takeUpEnquiry } from '#server/contact/enquiry-links.ts';
import type { Actor } from '#server/projects/activity.ts';
import type { ProjectsCapability } from '#server/projects/projects-capability.ts';
import type { CreateOutcome } from '#server/projects/projects-service.ts';
import { giveStudioPlan } from './studio-plan.ts';

/*
 * The owner starts a project (POST /api/admin/projects). One made from an enquiry takes the enquiry
 * up (contact: it is now being worked on) in the project's own transaction, so neither happens
 * without the other; a message in the spam folder is no enquiry yet and starts nothing. The new
 * project's deliveries then wait for payment unless the studio's billing settings say otherwise,
 * and a priced one gets the studio's usual payment plan (studio-plan.ts).
 */
export async function startProject(
  parts: { projects: Pick<ProjectsCapability, 'records'>; billing: Pick<BillingCapability, 'desk' | 'plans' | 'invoices'> },
  input: CreateProjectInput,
  actor: Actor & { side: 'studio' },
): Promise<CreateOutcome> {
  const outcome = await parts.projects.records.create(input, actor, new Date(), takeUpEnquiry);
  if (outcome.kind !== 'created') return outcome;
  const settings = await parts.billing.desk.settings();
  if (settings.lockDeliveries) {
    await giveStudioPlan(parts.billing, outcome.project.id, settings);
    return outcome;
  }
  // The answer says what the project is now: its view was read before the lock was turned off.
  return {
    ...outcome,
    project: { ...outcome.project, deliveryLocked: await parts.billing.desk.setDeliveryLock(outcome.project.id, false) },
  };
}

import type { BillingCapability } from '#server/billing/billing-capability.ts';
import type { Actor } from '#server/projects/activity.ts';
import type { RegisterOutcome } from '#server/projects/project-files.ts';
import type { ProjectsCapability } from '#server/projects/projects-capability.ts';

/*
 * The owner delivers a master (POST /api/admin/projects/{id}/deliveries): the file is the projects
 * capability's; the masters being there is the moment the payment plan invoices every part still
 * without an invoice, the balance first of all (billing, decision 103). The masters are held by the
 * plan whether or not that invoice exists yet, so a crash between the two leaks nothing: the next
 * delivery, or the owner marking the project delivered, makes it.
 */
export async function registerDelivery(
  parts: { projects: Pick<ProjectsCapability, 'projectFiles'>; billing: Pick<BillingCapability, 'plans'> },
  input: { projectId: number; uploader: string; objectPath: string; name?: string },
  actor: Actor & { side: 'studio' },
): Promise<RegisterOutcome> {
  const outcome = await parts.projects.projectFiles.register({ ...input, side: 'studio', category: 'delivery' }, actor);
  if (outcome.kind === 'registered') await parts.billing.plans.invoiceDue(input.projectId, 'delivery');
  return outcome;
}

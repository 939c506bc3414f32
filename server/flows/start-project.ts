import type { CreateProjectInput } from '#common/projects.ts';
import type { Billing } from '#server/billing/billing-capability.ts';
import { takeUpEnquiry } from '#server/contact/enquiry-links.ts';
import type { Actor } from '#server/projects/activity.ts';
import type { CreateOutcome, ProjectsService } from '#server/projects/projects-service.ts';

/*
 * The owner starts a project (POST /api/admin/projects). One made from an enquiry takes the enquiry
 * up (contact: it is now being worked on) in the project's own transaction, so neither happens
 * without the other; a message in the spam folder is no enquiry yet and starts nothing. The new
 * project's deliveries then wait for payment unless the studio's billing settings say otherwise.
 */
export async function startProject(
  services: { projects: ProjectsService; billing: Billing },
  input: CreateProjectInput,
  actor: Actor & { side: 'studio' },
): Promise<CreateOutcome> {
  const outcome = await services.projects.create(input, actor, new Date(), takeUpEnquiry);
  if (outcome.kind !== 'created') return outcome;
  if (!(await services.billing.settings()).lockDeliveries) await services.billing.setDeliveryLock(outcome.project.id, false);
  return outcome;
}

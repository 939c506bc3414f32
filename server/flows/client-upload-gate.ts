import { can } from '#common/collaborators.ts';
import type { BillingCapability } from '#server/billing/billing-capability.ts';
import type { ProjectsCapability } from '#server/projects/projects-capability.ts';

/*
 * Whether the signed-in client may send files into a project now: it must be theirs to manage (the
 * invited client; a collaborator may not), and when the owner set the project's payment plan to
 * gate the work on the deposit, the deposit must be paid (decision 103). The upload's start and its
 * registration both ask, so a file cannot slip in by either door.
 */

export type ClientUploadGate =
  { kind: 'not-found' } | { kind: 'not-allowed' } | { kind: 'deposit-due'; amountDueCents: number; currency: string } | { kind: 'open' };

export async function clientUploadGate(
  parts: { projects: Pick<ProjectsCapability, 'records'>; billing: Pick<BillingCapability, 'plans'> },
  email: string,
  projectId: number,
): Promise<ClientUploadGate> {
  const access = await parts.projects.records.accessTo(email, projectId);
  if (!access) return { kind: 'not-found' };
  if (!can(access, 'manage')) return { kind: 'not-allowed' };
  const waiting = await parts.billing.plans.uploadsWaitFor(projectId);
  return waiting ? { kind: 'deposit-due', ...waiting } : { kind: 'open' };
}

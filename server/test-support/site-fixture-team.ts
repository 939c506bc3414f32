import { saveRequiredTwoFactor } from '#server/auth/required-two-factor.ts';
import { queueProposalEmail } from '#server/proposals/proposal-emails.ts';
import type { TestApp } from './app.ts';

/** A proposal sent and signed, a template, and their e-mails: every proposals table has rows (decision 114). */
export async function populateProposals(t: TestApp): Promise<void> {
  const { records, templates, sign } = t.services.proposals;
  const input = {
    clientName: 'Pia Proposal',
    clientEmail: 'pia@example.com',
    title: 'Fixture EP',
    packageKey: 'standard',
    songs: 2,
    depositPercent: 50,
  };
  const template = await templates.save(null, { name: 'Standard single', packageKey: 'standard', songs: 1, depositPercent: 50 });
  if (template.kind !== 'done') throw new Error(`proposal template not saved: ${template.kind}`);
  const made = await records.create(input);
  if (made.kind !== 'done') throw new Error(`proposal not made: ${JSON.stringify(made)}`);
  const at = new Date();
  const sent = await records.send(made.proposal.id, (trx, id, subject) => queueProposalEmail(trx, id, 'sent', subject, at));
  if (sent.kind !== 'done') throw new Error(`proposal not sent: ${sent.kind}`);
  const row = await records.row(made.proposal.id);
  const signed = await sign(row!, { signatureName: 'Pia Proposal' }, { ipAddress: '192.0.2.7', userAgent: 'Fixture/1.0' });
  if (signed.kind !== 'signed') throw new Error(`proposal not signed: ${signed.kind}`);
}

/** A staff invitation waiting, the owner as a project's engineer and their choice of notices (decisions 107-108, 121). */
export async function populateStaff(t: TestApp, ownerId: number): Promise<void> {
  const invited = await t.request.post('/api/admin/staff').send({ email: 'eli@example.com', name: 'Eli Engineer', role: 'engineer' });
  if (invited.status !== 201) throw new Error(`staff not invited: ${invited.status} ${JSON.stringify(invited.body)}`);
  const project = await t.services.db.selectFrom('projects').select('id').orderBy('id').executeTakeFirstOrThrow();
  const assigned = await t.request.put(`/api/admin/projects/${project.id}/engineers`).send({ engineerIds: [ownerId] });
  if (assigned.status !== 200) throw new Error(`engineers not set: ${assigned.status} ${JSON.stringify(assigned.body)}`);
  // The owner keeps clients' comments out of their own inbox (decision 121).
  const chosen = await t.request.put('/api/admin/me/notices').send({ comments: false });
  if (chosen.status !== 200) throw new Error(`notices not chosen: ${chosen.status} ${JSON.stringify(chosen.body)}`);
  // The owner's rule of required two-factor (decision 117): the engineers must use it.
  await saveRequiredTwoFactor(t.services.db, { owner: false, engineer: true, assistant: false });
}

/** The newsletter turned on and one address signed up, waiting to confirm (decision 118). */
export async function populateNewsletter(t: TestApp): Promise<void> {
  const section = (await t.request.get('/api/admin/site')).body.newsletter as { version: number };
  const on = await t.request.put('/api/admin/site/newsletter').send({ ...section, enabled: true });
  if (on.status !== 200) throw new Error(`newsletter not turned on: ${on.status} ${JSON.stringify(on.body)}`);
  const signed = await t.request.post('/api/newsletter').send({ email: 'nora@example.com' });
  if (signed.status !== 202) throw new Error(`newsletter sign-up refused: ${signed.status}`);
}

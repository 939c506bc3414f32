import type { AuditArea, AuditTrackKind } from '#common/audit.ts';
import { routeTable } from './admin-routes.ts';

/*
 * What each admin write says in the audit log (decision 116), in the syntax of admin-routes.ts: the
 * area, the action in words and, where the write changes a setting or an amount, what its
 * before/after is read from. In the words, `{kind:param}` is the name of what the path's `:param`
 * names (an invoice's number, a project's title), `{:param}` the segment itself and `{created}` what
 * the answer names (a new invoice's number). A write route without an entry still leaves an entry
 * (its method and path), and server/api/audit-log.test.ts fails for it, so none is forgotten.
 */

export interface AuditWords {
  area: AuditArea | ((params: Record<string, string>) => AuditArea);
  /** The words, or a choice of them by the request's body (a staff change: a role, a suspension). */
  action: string | ((body: Record<string, unknown>) => string);
  /** Where the before/after is read from: the kind and the path's segment that names it. */
  track?: [AuditTrackKind, string];
}

/** Not an admin write though a signed-in person may send it: its handler records what it does (joining). */
const NOT_A_WRITE = null;

const siteArea = ({ section }: Record<string, string>): AuditArea => (section === 'billing' ? 'money' : 'site');
/** A published change to a section: its fields before and after. */
const site = (words: string): AuditWords => ({ area: siteArea, action: words, track: ['site', 'section'] });
/** A draft: nothing published changes. */
const draft = (words: string): AuditWords => ({ area: siteArea, action: words });
const invoice = (words: string): AuditWords => ({ area: 'money', action: words, track: ['invoice', 'id'] });
const comment = (words: string): AuditWords => ({ area: 'projects', action: `Comment on {track:trackId} ${words} (project {project:id})` });
const w = (area: AuditArea, action: string): AuditWords => ({ area, action });

function staffChange(body: Record<string, unknown>): string {
  if (body.suspended === true) return 'Staff member {staff:id} suspended';
  if (body.suspended === false) return 'Staff member {staff:id} reinstated';
  return 'Role of {staff:id} changed';
}

const WRITES: ReadonlyArray<readonly [string, string, AuditWords | null]> = [
  // One's own account and its security.
  ['PATCH', '/api/admin/me', w('account', 'Own profile changed')],
  ['PUT', '/api/admin/me/setup-checklist', w('account', 'Setup checklist shown or put away')],
  ['PUT', '/api/admin/me/notices', w('account', 'Own e-mail notices chosen')],
  ['POST', '/api/admin/change-password', w('security', 'Password changed')],
  ['POST', '/api/admin/two-factor/setup', w('security', 'Two-factor setup started')],
  ['POST', '/api/admin/two-factor/confirm', w('security', 'Two-factor turned on')],
  ['POST', '/api/admin/two-factor/disable', w('security', 'Two-factor turned off')],
  // The staff: who may do what is security; an invitation is the staff's.
  ['POST', '/api/admin/staff/join', NOT_A_WRITE],
  // A pasted player link checked for the pages editor: nothing is stored.
  ['POST', '/api/embeds/check', NOT_A_WRITE],
  ['POST', '/api/admin/staff', w('staff', 'Staff member {created} invited')],
  ['PATCH', '/api/admin/staff/:id', { area: 'security', action: staffChange, track: ['staff', 'id'] }],
  ['DELETE', '/api/admin/staff/:id', { area: 'security', action: 'Staff member {staff:id} removed', track: ['staff', 'id'] }],
  ['POST', '/api/admin/staff/:id/resend-invite', w('staff', 'Invitation to {staff:id} sent again')],
  // Sessions per person: ending one, or all but this one, is a security event; so is the rule of two-factor per role.
  ['DELETE', '/api/admin/sessions/:id', w('security', 'A session ended (#{:id})')],
  ['DELETE', '/api/admin/sessions', w('security', 'Every other session of theirs ended')],
  ['PUT', '/api/admin/staff/required-two-factor', w('security', 'The roles that must use two-factor changed')],
  // The inbox.
  ['PUT', '/api/contact-submissions/:id/read', w('inbox', 'Message from {message:id} marked read')],
  ['DELETE', '/api/contact-submissions/:id/read', w('inbox', 'Message from {message:id} marked unread')],
  ['POST', '/api/contact-submissions/:id/not-spam', w('inbox', 'Message from {message:id} moved out of spam')],
  ['PATCH', '/api/contact-submissions/:id', w('inbox', 'Message from {message:id} changed')],
  ['DELETE', '/api/contact-submissions/:id', w('inbox', 'Message from {message:id} deleted')],
  ['PUT', '/api/contact-acknowledgement', w('inbox', 'Automatic reply changed')],
  // Bookings.
  ['PUT', '/api/admin/booking/settings', w('bookings', 'Booking settings changed')],
  ['POST', '/api/admin/booking/feed/refresh', w('bookings', 'Busy-time feeds refreshed')],
  ['POST', '/api/admin/booking/subscription', w('bookings', 'Calendar subscription link made anew')],
  ['PATCH', '/api/admin/bookings/:id', w('bookings', 'Booking of {booking:id} changed')],
  ['POST', '/api/admin/bookings/:id/cancel', w('bookings', 'Booking of {booking:id} cancelled')],
  ['PUT', '/api/admin/bookings/:id/assignee', w('bookings', 'Booking of {booking:id} assigned')],
  // A project's money.
  ['POST', '/api/admin/projects/:id/invoices', w('money', 'Invoice {created} made for project {project:id}')],
  ['POST', '/api/admin/projects/:id/invoices/plan', w('money', 'Payment plan invoices made for project {project:id}')],
  ['PUT', '/api/admin/projects/:id/plan', w('money', 'Payment plan of project {project:id} set')],
  // Projects.
  ['POST', '/api/admin/projects', w('projects', 'Project {created} made')],
  ['PATCH', '/api/admin/projects/:id', { area: 'projects', action: 'Project {project:id} changed', track: ['project', 'id'] }],
  ['POST', '/api/admin/projects/:id/invite', w('projects', 'Client invited to project {project:id}')],
  ['POST', '/api/admin/projects/:id/revoke-access', w('projects', 'Client’s access to project {project:id} ended')],
  ['POST', '/api/admin/projects/:id/deliveries', w('projects', 'Delivery added to project {project:id}')],
  ['PATCH', '/api/admin/projects/:id/files/:fileId', w('projects', 'File {:fileId} of project {project:id} changed')],
  ['DELETE', '/api/admin/projects/:id/files/:fileId', w('projects', 'File {:fileId} of project {project:id} deleted')],
  ['PUT', '/api/admin/projects/:id/engineers', w('projects', 'Engineers of project {project:id} set')],
  ['PATCH', '/api/admin/projects/:id/collaborators/:cid', w('projects', 'Collaborator {:cid} of project {project:id} changed')],
  ['DELETE', '/api/admin/projects/:id/collaborators/:cid', w('projects', 'Collaborator {:cid} removed from project {project:id}')],
  ['PUT', '/api/admin/projects/:id/listening-quality', w('projects', 'Listening quality of project {project:id} changed')],
  ['POST', '/api/admin/projects/:id/tracks', w('projects', 'Track {created} added to project {project:id}')],
  ['POST', '/api/admin/projects/:id/tracks/:trackId/versions', w('projects', 'Version of {track:trackId} added (project {project:id})')],
  ['POST', '/api/admin/projects/:id/tracks/:trackId/versions/:versionId/comments/:commentId/resolve', comment('resolved')],
  ['POST', '/api/admin/projects/:id/tracks/:trackId/versions/:versionId/comments/:commentId/reopen', comment('reopened')],
  ['POST', '/api/admin/projects/:id/tracks/:trackId/versions/:versionId/comments', comment('written')],
  ['PATCH', '/api/admin/projects/:id/tracks/:trackId/versions/:versionId/comments/:commentId', comment('edited')],
  ['DELETE', '/api/admin/projects/:id/tracks/:trackId/versions/:versionId/comments/:commentId', comment('deleted')],
  [
    'POST',
    '/api/admin/projects/:id/tracks/:trackId/review-links',
    w('projects', 'Review link to {track:trackId} made (project {project:id})'),
  ],
  [
    'DELETE',
    '/api/admin/projects/:id/tracks/:trackId/review-links/:linkId',
    w('projects', 'Review link to {track:trackId} revoked (project {project:id})'),
  ],
  // Money.
  ['PATCH', '/api/admin/invoices/:id', invoice('Invoice {invoice:id} changed')],
  ['POST', '/api/admin/invoices/:id/send', invoice('Invoice {invoice:id} sent')],
  ['POST', '/api/admin/invoices/:id/void', invoice('Invoice {invoice:id} voided')],
  ['POST', '/api/admin/invoices/:id/payments', invoice('Payment recorded on invoice {invoice:id}')],
  ['POST', '/api/admin/invoices/:id/refunds', invoice('Refund on invoice {invoice:id}')],
  ['PUT', '/api/admin/invoices/:id/refund-lock', invoice('Refund lock of invoice {invoice:id} changed')],
  // Samples.
  ['POST', '/api/samples', w('samples', 'Sample {created} added')],
  ['PUT', '/api/samples/reorder', w('samples', 'Samples reordered')],
  ['PUT', '/api/samples/:id', w('samples', 'Sample {sample:id} changed')],
  ['DELETE', '/api/samples/:id', w('samples', 'Sample {sample:id} deleted')],
  ['POST', '/api/samples/:id/trash', w('samples', 'Sample {sample:id} moved to the trash')],
  ['DELETE', '/api/samples/:id/trash', w('samples', 'Sample {sample:id} deleted from the trash for good')],
  ['POST', '/api/samples/:id/restore', w('samples', 'Sample {sample:id} restored from the trash')],
  // Files on their way in.
  ['POST', '/api/objects/upload', w('uploads', 'File uploaded')],
  ['PUT', '/api/audio-files', w('uploads', 'Audio file stored')],
  ['POST', '/api/uploads/s3/multipart', w('uploads', 'Upload started')],
  ['POST', '/api/uploads/s3/multipart/:uploadId/complete', w('uploads', 'Upload finished')],
  ['DELETE', '/api/uploads/s3/multipart/:uploadId', w('uploads', 'Upload cancelled')],
  // The site (its billing section is the money's).
  ['PUT', '/api/admin/site/:section', site('{section:section} saved and published')],
  ['POST', '/api/admin/site/:section/restore-original', site('{section:section}: the original text restored')],
  ['POST', '/api/admin/site/:section/versions/:version/restore', site('{section:section}: version {:version} restored')],
  ['PUT', '/api/admin/site/:section/draft', draft('{section:section}: draft saved')],
  ['DELETE', '/api/admin/site/:section/draft', draft('{section:section}: draft discarded')],
  ['POST', '/api/admin/site/:section/publish', site('{section:section}: draft published')],
  ['POST', '/api/admin/images', w('site', 'Image uploaded')],
  // Proposals.
  ['POST', '/api/admin/proposals', w('proposals', 'Proposal {created} drafted')],
  ['PATCH', '/api/admin/proposals/:id', w('proposals', 'Proposal {proposal:id} changed')],
  ['POST', '/api/admin/proposals/:id/send', w('proposals', 'Proposal {proposal:id} sent')],
  ['POST', '/api/admin/proposals/:id/withdraw', w('proposals', 'Proposal {proposal:id} withdrawn')],
  ['POST', '/api/admin/proposals/:id/duplicate', w('proposals', 'Proposal {proposal:id} duplicated')],
  ['POST', '/api/admin/proposal-templates', w('proposals', 'Proposal template {created} saved')],
  ['PUT', '/api/admin/proposal-templates/:id', w('proposals', 'Proposal template {template:id} changed')],
  ['DELETE', '/api/admin/proposal-templates/:id', w('proposals', 'Proposal template {template:id} deleted')],
  // Insights.
  ['PUT', '/api/admin/insights/settings', w('insights', 'Visitor statistics settings changed')],
];

const writes = routeTable(WRITES);

export type AuditOfRequest =
  { kind: 'described'; words: AuditWords; params: Record<string, string> } | { kind: 'not-a-write' } | { kind: 'undescribed' };

/** What the audit log says of a write request (method and URL as Express has them). */
export function auditOfRequest(method: string, url: string): AuditOfRequest {
  const found = writes(method, url);
  if (!found) return { kind: 'undescribed' };
  if (found.value === null) return { kind: 'not-a-write' };
  return { kind: 'described', words: found.value, params: found.params };
}

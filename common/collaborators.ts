import { emailAddressField } from './email-address.ts';
import { z } from './zod.ts';

/*
 * Collaborators of a project (docs/decisions/081-project-collaborators.md): people the invited client
 * adds by e-mail (the band, the manager, the label's A&R), each with a role the owner may change.
 * The table below is the one statement of what each kind of person may do on a project; the server
 * guards its routes with it and the portal hides what it forbids.
 */

export const COLLABORATOR_ROLES = ['approve', 'comment', 'listen'] as const;
export type CollaboratorRole = (typeof COLLABORATOR_ROLES)[number];

/** How a signed-in address reaches a project: as its invited client, or as a collaborator with a role. */
export type ProjectAccess = 'client' | CollaboratorRole;

export const COLLABORATOR_ROLE_LABELS: Record<CollaboratorRole, string> = {
  approve: 'Can approve',
  comment: 'Can comment',
  listen: 'Listen only',
};

/** What the role lets a person do, in a few words, for the role selects and the portal's note. */
export const COLLABORATOR_ROLE_HINTS: Record<CollaboratorRole, string> = {
  approve: 'listen, comment, approve or ask for revisions, download deliveries',
  comment: 'listen and comment',
  listen: 'listen and read comments',
};

/**
 * - `listen`: see the project and its review room, stream versions, read comments.
 * - `comment`: write comments and replies, change or delete their own.
 * - `decide`: approve a version or ask for revisions.
 * - `downloadDeliveries`: download the studio's deliveries, one by one or as a ZIP.
 * - `manage`: the invited client's own part: upload files, download them, the notes, the people.
 */
export type ProjectCapability = 'listen' | 'comment' | 'decide' | 'downloadDeliveries' | 'manage';

const CAPABILITIES: Record<ProjectAccess, ReadonlySet<ProjectCapability>> = {
  client: new Set(['listen', 'comment', 'decide', 'downloadDeliveries', 'manage']),
  approve: new Set(['listen', 'comment', 'decide', 'downloadDeliveries']),
  comment: new Set(['listen', 'comment']),
  listen: new Set(['listen']),
};

/** Whether this access allows it; no access allows nothing. */
export function can(access: ProjectAccess | null, capability: ProjectCapability): boolean {
  return access !== null && CAPABILITIES[access].has(capability);
}

/** The words of a 403, when a person's role does not allow what they asked. */
export const NOT_ALLOWED: Record<ProjectCapability, string> = {
  listen: 'You do not have access to this project',
  comment: 'Your role on this project is listen only: ask the client to let you comment',
  decide: 'Only the client, or someone they let approve, can approve or ask for revisions',
  downloadDeliveries: 'Only the client, or someone they let approve, can download the deliveries',
  manage: 'Only the client who was invited can do this',
};

/** Active collaborators a project may have at once. */
export const MAX_COLLABORATORS = 20;

const roleField = z.enum(COLLABORATOR_ROLES, { error: `role must be one of ${COLLABORATOR_ROLES.join(', ')}` });

/** POST /api/portal/projects/{id}/collaborators. */
export const addCollaboratorSchema = z.strictObject({ email: emailAddressField('E-mail'), role: roleField });
export type AddCollaboratorInput = z.output<typeof addCollaboratorSchema>;

/** PATCH /api/admin/projects/{id}/collaborators/{cid}. */
export const changeCollaboratorRoleSchema = z.strictObject({ role: roleField });

/** One collaborator, as the admin's and the client's project answers list them. */
export interface CollaboratorView {
  id: number;
  email: string;
  role: CollaboratorRole;
  addedAt: string;
  /** When they last opened a sign-in link; null: not yet. */
  lastSignedInAt: string | null;
}

import { emailAddressField } from './email-address.ts';
import { z } from './zod.ts';

/*
 * Collaborators of a project (docs/decisions/081-project-collaborators.md): people the invited client
 * adds by e-mail (the band, the manager, the label's A&R), each with a role the owner may change.
 * The tables below are the one statement of what each kind of person may do on a project and which
 * parts of it they see; the server guards its routes and builds its answers with them, and the
 * portal's pages follow the same tables.
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

/**
 * The parts of a project that are not everyone's on it (issue 41). Everyone with access sees the
 * project's facts, the studio's deliveries (listed; downloading is `downloadDeliveries`) and the
 * review room (tracks, versions, comments). These parts are the invited client's own business with
 * the studio:
 * - `clientNotes`: their notes for the studio.
 * - `clientFiles`: the files they sent ("Your files").
 * - `collaborators`: the people on the project, with their addresses.
 * - `activity`: the project's log (it names the client's files, sign-ins and the people's addresses).
 * - `invoices`: the money: what is billed, owed and how to pay.
 */
export const PROJECT_VIEW_PARTS = ['clientNotes', 'clientFiles', 'collaborators', 'activity', 'invoices'] as const;
export type ProjectViewPart = (typeof PROJECT_VIEW_PARTS)[number];

/**
 * Which parts each access sees: the one rule the server builds every portal answer by (absent, not
 * emptied, for whoever may not see a part) and the portal's pages follow. An approver too sees none:
 * deciding on a mix and taking the masters needs the review room and the deliveries, not the
 * client's notes, stems, log or bills.
 */
export const VISIBLE_PARTS: Record<ProjectAccess, readonly ProjectViewPart[]> = {
  client: PROJECT_VIEW_PARTS,
  approve: [],
  comment: [],
  listen: [],
};

/** The keys of a portal project answer (GET /api/portal/projects/{id}) that each part fills; `invoices` has its own route. */
export const PROJECT_VIEW_PART_KEYS: Record<ProjectViewPart, readonly string[]> = {
  clientNotes: ['clientNotes'],
  clientFiles: ['files'],
  collaborators: ['collaborators'],
  activity: ['activity', 'activityNextBefore'],
  invoices: [],
};

/** The keys of a row of the portal's project list (GET /api/portal/projects) that a part fills. */
export const PROJECT_LIST_PART_KEYS: Partial<Record<ProjectViewPart, readonly string[]>> = { clientFiles: ['fileCount'] };

/** Whether this access sees the part; no access sees nothing. */
export function sees(access: ProjectAccess | null, part: ProjectViewPart): boolean {
  return access !== null && VISIBLE_PARTS[access].includes(part);
}

/** The words of a 403 when a route answers only a part the person's access does not see. */
export const NOT_SHOWN = 'Only the client who was invited can see this';

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

import type { Kysely, Transaction } from 'kysely';
import { COLLABORATOR_ROLE_LABELS, type CollaboratorRole } from '#common/collaborators.ts';
import { formatFileSize } from '#common/file-size.ts';
import { formatSpan } from '#common/format-time.ts';
import { PROJECT_STATUS_LABELS, type ProjectStatus } from '#common/project-lifecycle.ts';
import { CLIENT_FILE_CATEGORY_LABELS, type ClientFileCategory, type ProjectActivityView } from '#common/projects.ts';
import { VIA_REVIEW_LINK } from '#common/review-links.ts';
import type { Database } from '#server/db/schema.ts';

/**
 * Who did something to a project, as the activity log names them. A `listener` came through a review
 * link (decision 082): known only by the name they typed, logged on the client's side of the log.
 */
export type Actor =
  | { side: 'studio'; adminId: number; name: string }
  | { side: 'client'; email: string; name: string | null }
  | { side: 'listener'; name: string }
  | { side: 'system' };

/** Every kind of entry, with what it needs to be worded. */
export type ActivityEvent =
  | { action: 'created'; fromEnquiry: boolean }
  | { action: 'details_changed'; fields: string[] }
  | { action: 'status_changed'; from: ProjectStatus; to: ProjectStatus }
  | { action: 'invited'; email: string }
  | { action: 'access_revoked'; email: string }
  | { action: 'signed_in' }
  | { action: 'client_notes_changed' }
  | { action: 'file_uploaded'; name: string; size: number }
  | { action: 'delivery_added'; name: string; size: number }
  | { action: 'file_removed'; name: string }
  | { action: 'file_recategorised'; name: string; from: ClientFileCategory; to: ClientFileCategory }
  | { action: 'file_downloaded'; name: string }
  | { action: 'zip_downloaded'; files: number; side: 'client' | 'studio' }
  | { action: 'retention_changed'; until: string | null }
  | { action: 'retention_warning_sent'; removalDay: string }
  | { action: 'files_removed'; files: number }
  | { action: 'track_added'; title: string }
  | { action: 'version_added'; title: string; number: number }
  | { action: 'comment_added'; number: number; at: number; end?: number | null }
  | { action: 'comment_replied'; number: number; at: number; end?: number | null }
  /** `by`: the address that approved (the client or a collaborator), for the studio's e-mail. */
  | { action: 'version_approved'; title: string; number: number; by?: string }
  | { action: 'revisions_requested'; title: string; number: number; round: number; beyond: boolean }
  | { action: 'collaborator_added'; email: string; role: CollaboratorRole }
  | { action: 'collaborator_role_changed'; email: string; role: CollaboratorRole }
  | { action: 'collaborator_removed'; email: string }
  | { action: 'review_link_created'; title: string; password: boolean; expiresAt: string | null }
  | { action: 'review_link_revoked'; title: string }
  | { action: 'review_link_first_opened'; title: string };

/** What the client never sees in their log: the studio's own bookkeeping. */
const STUDIO_ONLY: ReadonlySet<ActivityEvent['action']> = new Set([
  'details_changed',
  'retention_changed',
  'review_link_created',
  'review_link_revoked',
  'review_link_first_opened',
]);

/** A client's entries that give the studio nothing to look at: they leave "waiting for the studio" as it was. */
const NOTHING_FOR_THE_STUDIO: ReadonlySet<ActivityEvent['action']> = new Set([
  'signed_in',
  'file_downloaded',
  'zip_downloaded',
  'collaborator_added',
  'collaborator_removed',
]);

type Db = Kysely<Database> | Transaction<Database>;

export async function recordActivity(db: Db, projectId: number, actor: Actor, event: ActivityEvent, at = new Date()): Promise<void> {
  const { action, ...detail } = event;
  await db
    .insertInto('projectActivity')
    .values({
      projectId,
      actor: actor.side === 'listener' ? 'client' : actor.side,
      actorName: actor.side === 'system' ? null : actor.side === 'listener' ? `${actor.name} ${VIA_REVIEW_LINK}` : actor.name,
      action,
      detail: JSON.stringify(detail),
      createdAt: at.toISOString(),
    })
    .execute();
  // What the dashboard's "waiting for the studio" reads: who acted last.
  if ((actor.side === 'client' || actor.side === 'listener') && !NOTHING_FOR_THE_STUDIO.has(action)) {
    await db.updateTable('projects').set({ lastClientActivityAt: at.toISOString() }).where('id', '=', projectId).execute();
  } else if (actor.side === 'studio') {
    await db.updateTable('projects').set({ lastStudioActivityAt: at.toISOString() }).where('id', '=', projectId).execute();
  }
}

const FIELD_WORDS: Record<string, string> = {
  title: 'title',
  clientName: 'client name',
  clientEmail: 'client e-mail',
  packageKey: 'package',
  price: 'price',
  dueDate: 'due date',
  notes: 'notes',
};

/** A category as the log names it; a key the product no longer has is shown as stored. */
const categoryWords = (category: string) =>
  Object.hasOwn(CLIENT_FILE_CATEGORY_LABELS, category) ? CLIENT_FILE_CATEGORY_LABELS[category as ClientFileCategory] : category;

function listWords(words: string[]): string {
  return words.length <= 1 ? (words[0] ?? '') : `${words.slice(0, -1).join(', ')} and ${words.at(-1)}`;
}

/** One sentence for the log, in the past tense, with its actor shown beside it. */
export function describeActivity(event: ActivityEvent): string {
  switch (event.action) {
    case 'created':
      return event.fromEnquiry ? 'Created the project from a contact enquiry' : 'Created the project';
    case 'details_changed':
      return `Changed the ${listWords(event.fields.map((field) => FIELD_WORDS[field] ?? field))}`;
    case 'status_changed':
      return `Moved the project from ${PROJECT_STATUS_LABELS[event.from]} to ${PROJECT_STATUS_LABELS[event.to]}`;
    case 'invited':
      return `Sent a sign-in link to ${event.email}`;
    case 'access_revoked':
      return `Revoked portal access for ${event.email}`;
    case 'signed_in':
      return 'Signed in to the portal';
    case 'client_notes_changed':
      return 'Updated the notes for the studio';
    case 'file_uploaded':
      return `Uploaded ${event.name} (${formatFileSize(event.size)})`;
    case 'delivery_added':
      return `Delivered ${event.name} (${formatFileSize(event.size)})`;
    case 'file_removed':
      return `Removed ${event.name}`;
    case 'file_recategorised':
      return `Moved ${event.name} from ${categoryWords(event.from)} to ${categoryWords(event.to)}`;
    case 'file_downloaded':
      return `Downloaded ${event.name}`;
    case 'zip_downloaded': {
      const what = event.side === 'studio' ? 'deliveries' : 'files';
      return `Downloaded ${event.files === 1 ? 'the file' : `all ${event.files} ${what}`} as one ZIP`;
    }
    case 'retention_changed':
      return event.until ? `Kept the audio files until ${event.until}` : 'Set the audio files back to the automatic removal date';
    case 'retention_warning_sent':
      return `E-mailed the client that the audio files will be removed on ${event.removalDay}`;
    case 'files_removed':
      return `Removed ${event.files} audio ${event.files === 1 ? 'file' : 'files'} (the retention period ended)`;
    case 'track_added':
      return `Added the track "${event.title}"`;
    case 'version_added':
      return `Uploaded v${event.number} of "${event.title}" for review`;
    case 'comment_added':
      return `Commented on v${event.number} at ${formatSpan(event.at, event.end ?? null)}`;
    case 'comment_replied':
      return `Replied on v${event.number} at ${formatSpan(event.at, event.end ?? null)}`;
    case 'version_approved':
      return `Approved v${event.number} of "${event.title}"`;
    case 'revisions_requested': {
      const beyond = event.beyond ? ', beyond the package' : '';
      return `Asked for revisions on v${event.number} of "${event.title}" (round ${event.round}${beyond})`;
    }
    case 'review_link_created': {
      const terms = [
        event.password ? 'with a password' : 'without a password',
        event.expiresAt ? `until ${event.expiresAt.slice(0, 10)}` : '',
      ];
      return `Made a review link for "${event.title}" (${terms.filter(Boolean).join(', ')})`;
    }
    case 'review_link_revoked':
      return `Turned off a review link for "${event.title}"`;
    case 'review_link_first_opened':
      return `A review link for "${event.title}" was opened for the first time`;
    case 'collaborator_added':
      return `Added ${event.email} to the project (${COLLABORATOR_ROLE_LABELS[event.role].toLowerCase()})`;
    case 'collaborator_role_changed':
      return `Changed ${event.email}'s role to ${COLLABORATOR_ROLE_LABELS[event.role].toLowerCase()}`;
    case 'collaborator_removed':
      return `Took ${event.email} off the project`;
  }
}

/** The project's log, newest first; the client's view leaves out the studio's own bookkeeping. */
export async function readActivity(db: Db, projectId: number, audience: 'studio' | 'client'): Promise<ProjectActivityView[]> {
  const rows = await db
    .selectFrom('projectActivity')
    .select(['id', 'actor', 'actorName', 'action', 'detail', 'createdAt'])
    .where('projectId', '=', projectId)
    .orderBy('id', 'desc')
    .limit(500)
    .execute();
  const views: ProjectActivityView[] = [];
  for (const row of rows) {
    const event = { action: row.action, ...(row.detail ? (JSON.parse(row.detail) as object) : {}) } as ActivityEvent;
    if (audience === 'client' && STUDIO_ONLY.has(event.action)) continue;
    views.push({ id: row.id, at: row.createdAt, actor: row.actor, actorName: row.actorName, summary: describeActivity(event) });
  }
  return views;
}

import { sql, type Insertable, type Kysely, type Transaction } from 'kysely';
import { COLLABORATOR_ROLE_LABELS, type CollaboratorRole } from '#common/collaborators.ts';
import { formatFileSize } from '#common/file-size.ts';
import { formatSpan } from '#common/format-time.ts';
import { PROJECT_STATUS_LABELS, type ProjectStatus } from '#common/project-lifecycle.ts';
import { CLIENT_FILE_CATEGORY_LABELS, type ActivityPageView, type ClientFileCategory } from '#common/projects.ts';
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
  /** `fileId`: which file, so a repeat is told from another file of the same name (older entries lack it). */
  | { action: 'file_downloaded'; name: string; fileId?: number }
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
type ActivityRow = Insertable<Database['projectActivity']>;

/**
 * How long a repeated download keeps counting on its entry, from the last time: the same file again
 * within the hour is the same visit to the log; after an hour without one, it is a new entry.
 */
export const REPEAT_WINDOW_MS = 60 * 60 * 1000;

/**
 * What repeats of one entry share, or null when every time is its own entry: the same file (or the
 * same ZIP) downloaded by the same person. Only downloads repeat: a portal session may fetch a master
 * a dozen times, and each would otherwise be a row (decision 085).
 */
function repeatKeyOf(actor: Actor, event: ActivityEvent): string | null {
  if (actor.side !== 'client') return null;
  if (event.action === 'file_downloaded') return `file:${event.fileId ?? event.name}:${actor.email}`;
  if (event.action === 'zip_downloaded') return `zip:${event.side}:${actor.email}`;
  return null;
}

export async function recordActivity(db: Db, projectId: number, actor: Actor, event: ActivityEvent, at = new Date()): Promise<void> {
  const { action, ...detail } = event;
  const row: ActivityRow = {
    projectId,
    actor: actor.side === 'listener' ? 'client' : actor.side,
    actorName: actor.side === 'system' ? null : actor.side === 'listener' ? `${actor.name} ${VIA_REVIEW_LINK}` : actor.name,
    action,
    detail: JSON.stringify(detail),
    createdAt: at.toISOString(),
  };
  const repeatKey = repeatKeyOf(actor, event);
  if (repeatKey) await countRepeat(db, { ...row, repeatKey, lastAt: row.createdAt }, at);
  else await db.insertInto('projectActivity').values(row).execute();
  // What the dashboard's "waiting for the studio" reads: who acted last.
  if ((actor.side === 'client' || actor.side === 'listener') && !NOTHING_FOR_THE_STUDIO.has(action)) {
    await db.updateTable('projects').set({ lastClientActivityAt: at.toISOString() }).where('id', '=', projectId).execute();
  } else if (actor.side === 'studio') {
    await db.updateTable('projects').set({ lastStudioActivityAt: at.toISOString() }).where('id', '=', projectId).execute();
  }
}

/**
 * A repeatable entry: counted on the open entry of its key, or a new entry when none is open. The
 * unique (project, key) index decides between the two, so downloads at the same moment can neither
 * make two entries nor lose a count, on SQLite and PostgreSQL alike: one inserts, the others update.
 */
async function countRepeat(db: Db, row: ActivityRow & { repeatKey: string }, at: Date): Promise<void> {
  const work = async (trx: Transaction<Database>) => {
    // An entry not repeated within the window closes: it keeps its count, the next time starts afresh.
    await trx
      .updateTable('projectActivity')
      .set({ repeatKey: null })
      .where('projectId', '=', row.projectId)
      .where('repeatKey', '=', row.repeatKey)
      .where('lastAt', '<=', new Date(at.getTime() - REPEAT_WINDOW_MS).toISOString())
      .execute();
    await trx
      .insertInto('projectActivity')
      .values(row)
      .onConflict((conflict) =>
        conflict.columns(['projectId', 'repeatKey']).doUpdateSet((eb) => ({
          count: sql<number>`project_activity.count + 1`,
          // Two at once may commit out of order: the later time stays.
          lastAt: sql<string>`case when ${eb.ref('excluded.lastAt')} > project_activity.last_at
            then ${eb.ref('excluded.lastAt')} else project_activity.last_at end`,
          // A ZIP downloaded again may hold more files than the first time: the entry tells the latest.
          detail: eb.ref('excluded.detail'),
        })),
      )
      .execute();
  };
  await (db.isTransaction ? work(db as Transaction<Database>) : db.transaction().execute(work));
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

/** One sentence for the log, in the past tense, with its actor shown beside it; a repeated entry says how often. */
export function describeActivity(event: ActivityEvent, count = 1): string {
  return count > 1 ? `${describeOnce(event)} (${count} times)` : describeOnce(event);
}

function describeOnce(event: ActivityEvent): string {
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

/** How many entries a project view carries, and a page of the older ones (GET …/activity?before=). */
export const ACTIVITY_PAGE_SIZE = 50;

/**
 * One page of the project's log, newest first: the newest entries, or those older than the entry
 * `before`; `nextBefore` is where the next page starts (null: this is the last). The client's view
 * leaves out the studio's own bookkeeping, in the query itself, so every page is full but the last.
 */
export async function readActivity(db: Db, projectId: number, audience: 'studio' | 'client', before?: number): Promise<ActivityPageView> {
  let query = db
    .selectFrom('projectActivity')
    .select(['id', 'actor', 'actorName', 'action', 'detail', 'createdAt', 'count', 'lastAt'])
    .where('projectId', '=', projectId);
  if (audience === 'client') query = query.where('action', 'not in', [...STUDIO_ONLY]);
  if (before !== undefined) query = query.where('id', '<', before);
  // One more than a page: whether there is another page, without counting the whole log.
  const rows = await query
    .orderBy('id', 'desc')
    .limit(ACTIVITY_PAGE_SIZE + 1)
    .execute();
  const page = rows.slice(0, ACTIVITY_PAGE_SIZE);
  return {
    activity: page.map((row) => {
      const event = { action: row.action, ...(row.detail ? (JSON.parse(row.detail) as object) : {}) } as ActivityEvent;
      return {
        id: row.id,
        at: row.createdAt,
        actor: row.actor,
        actorName: row.actorName,
        summary: describeActivity(event, row.count),
        count: row.count,
        lastAt: row.count > 1 ? row.lastAt : null,
      };
    }),
    nextBefore: rows.length > ACTIVITY_PAGE_SIZE ? page.at(-1)!.id : null,
  };
}

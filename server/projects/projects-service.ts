import type { ProjectStatus } from '#common/project-lifecycle.ts';
import type { Kysely } from 'kysely';
import { sees, type ProjectAccess } from '#common/collaborators.ts';
import { ACTIVE_PROJECT_STATUSES } from '#common/project-lifecycle.ts';
import type {
  ActivityPageView,
  AdminProjectList,
  AdminProjectView,
  CreateProjectInput,
  PortalProjectSummary,
  PortalProjectView,
  ProjectPackage,
  UpdateProjectInput,
} from '#common/projects.ts';
import type { TrackView } from '#common/review.ts';
import type { Database } from '#server/db/schema.ts';
import { readActivity, recordActivity, type Actor } from './activity.ts';
import { clientMayChangeFile } from './client-file-changes.ts';
import { accessOfRow, collaboratorRole, projectAccessFor, projectsOpenTo } from './client-sessions.ts';
import type { Collaborators } from './collaborators.ts';
import { changeProject, UNKNOWN_PACKAGE, type PackageSnapshot } from './project-changes.ts';
import { toProjectBase, toProjectSummary } from './project-views.ts';
import { queueProjectEmail } from './project-emails.ts';
import { dayOf } from './retention-dates.ts';
import { revokeProjectAccess } from './revoke-access.ts';

/** A priced package's name and included revision rounds, as the site's package records state them now. */
export interface PackageFacts {
  title: string;
  revisions: number | 'unlimited';
}
/** The site's packages by key, as they are now. */
export type PackageCatalogue = () => Promise<Record<string, PackageFacts>>;

/**
 * Takes up the enquiry a project is made from, in the project's transaction; false when there is no
 * such enquiry any more. The contact capability owns the enquiries: server/flows/start-project.ts passes it.
 */
type EnquiryTakeUp = (trx: Kysely<Database>, enquiryId: number, at: string) => Promise<boolean>;

export type CreateOutcome = { kind: 'created'; project: AdminProjectView } | { kind: 'invalid'; errors: Record<string, string[]> };
export type UpdateOutcome =
  { kind: 'saved'; project: AdminProjectView } | { kind: 'not-found' } | { kind: 'invalid'; errors: Record<string, string[]> };

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * The studio's projects: the owner's records and what a signed-in client may see of their own.
 * Every change writes the activity log in the same transaction as the change itself.
 */
export class ProjectsService {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly packages: PackageCatalogue,
    /** The review room's tracks of a project (server/projects/review/). */
    private readonly tracksOf: (projectId: number) => Promise<TrackView[]>,
    private readonly collaborators: Collaborators,
  ) {}

  /** The package's name and revision rounds as the site states them now; null for a key the site no longer has. */
  private async packageSnapshot(key: ProjectPackage): Promise<PackageSnapshot> {
    if (key === 'custom') return { packageTitle: 'Custom', revisionsIncluded: null };
    const catalogue = await this.packages();
    const facts = Object.hasOwn(catalogue, key) ? catalogue[key] : undefined;
    if (!facts) return null;
    return { packageTitle: facts.title, revisionsIncluded: facts.revisions === 'unlimited' ? null : facts.revisions };
  }

  /** A new project; one made from an enquiry (`contactSubmissionId`) takes it up with `takeUpEnquiry`. */
  async create(
    input: CreateProjectInput,
    // The owner, or the client accepting a proposal (server/flows/accept-proposal.ts).
    actor: Actor & { side: 'studio' | 'client' },
    now = new Date(),
    takeUpEnquiry?: EnquiryTakeUp,
  ): Promise<CreateOutcome> {
    const { contactSubmissionId, ...fields } = input;
    if (contactSubmissionId !== null && !takeUpEnquiry)
      throw new Error('a project from an enquiry is started by server/flows/start-project.ts');
    const snapshot = await this.packageSnapshot(fields.packageKey);
    if (!snapshot) return { kind: 'invalid', errors: { packageKey: [UNKNOWN_PACKAGE] } };
    const at = now.toISOString();
    const id = await this.db.transaction().execute(async (trx) => {
      // The enquiry it came from is now being worked on.
      if (contactSubmissionId !== null && !(await takeUpEnquiry!(trx, contactSubmissionId, at))) return null;
      const row = await trx
        .insertInto('projects')
        .values({ ...fields, ...snapshot, contactSubmissionId, createdAt: at, updatedAt: at, lastStudioActivityAt: at })
        .returning('id')
        .executeTakeFirstOrThrow();
      await recordActivity(trx, row.id, actor, { action: 'created', fromEnquiry: contactSubmissionId !== null }, now);
      return row.id;
    });
    if (id === null) return { kind: 'invalid', errors: { contactSubmissionId: ['That contact submission no longer exists'] } };
    return { kind: 'created', project: (await this.adminView(id))! };
  }

  /** Every project, or only those of `only` (an engineer's, or "mine"); the counts are of the projects listed. */
  async list(now = new Date(), only?: ReadonlySet<number>): Promise<AdminProjectList> {
    const all = await this.db.selectFrom('projects').selectAll().orderBy('updatedAt', 'desc').orderBy('id', 'desc').execute();
    const rows = only ? all.filter((row) => only.has(row.id)) : all;
    const counts = await this.fileCounts(rows.map((row) => row.id));
    const projects = rows.map((row) => ({ ...toProjectSummary(row, counts.get(row.id)), clientEmail: row.clientEmail }));
    const weekAhead = dayOf(new Date(now.getTime() + 7 * DAY_MS).toISOString());
    const active = projects.filter((project) => ACTIVE_PROJECT_STATUSES.includes(project.status));
    return {
      projects,
      counts: {
        active: active.length,
        waitingForStudio: active.filter((project) => project.waitingForStudio).length,
        dueThisWeek: active.filter((project) => project.dueDate !== null && project.dueDate <= weekAhead).length,
      },
    };
  }

  /** How many projects are in each status now (the insights' chart, issue 45); a status none is in is left out. */
  async countsByStatus(): Promise<Array<{ status: ProjectStatus; count: number }>> {
    const rows = await this.db
      .selectFrom('projects')
      .select(['status', (eb) => eb.fn.countAll<number>().as('count')])
      .groupBy('status')
      .execute();
    return rows.map((row) => ({ status: row.status, count: Number(row.count) }));
  }

  /** Every project's title and client, by id (the owner's list of invoices says whose each one is). */
  async namesById(): Promise<Map<number, { title: string; clientName: string }>> {
    const rows = await this.db.selectFrom('projects').select(['id', 'title', 'clientName']).execute();
    return new Map(rows.map(({ id, ...names }) => [id, names]));
  }

  async adminView(id: number): Promise<AdminProjectView | null> {
    const row = await this.db.selectFrom('projects').selectAll().where('id', '=', id).executeTakeFirst();
    if (!row) return null;
    const files = await this.db.selectFrom('projectFiles').selectAll().where('projectId', '=', id).orderBy('id').execute();
    return {
      ...toProjectBase(row, files, await this.tracksOf(id)),
      clientEmail: row.clientEmail,
      price: row.price,
      notes: row.notes,
      contactSubmissionId: row.contactSubmissionId,
      retainFilesUntil: row.retainFilesUntil,
      invitedAt: row.invitedAt,
      accessRevokedAt: row.accessRevokedAt,
      deliveryLocked: row.deliveryLocked === 1,
      listeningBitrateKbps: row.listeningBitrateKbps,
      collaborators: await this.collaborators.list(id),
      ...(await this.newestActivity(id, 'studio')),
    };
  }

  /** The first page of the log, as a project view carries it. */
  private async newestActivity(id: number, audience: 'studio' | 'client') {
    const { activity, nextBefore } = await readActivity(this.db, id, audience);
    return { activity, activityNextBefore: nextBefore };
  }

  /**
   * The log's entries older than the entry `before` (the newest without it), a page at a time; null
   * when the project does not exist. Who may read it is the route's to check: `audience` says which
   * side's log it is.
   */
  async activityPage(id: number, audience: 'studio' | 'client', before?: number): Promise<ActivityPageView | null> {
    const row = await this.db.selectFrom('projects').select('id').where('id', '=', id).executeTakeFirst();
    return row ? readActivity(this.db, id, audience, before) : null;
  }

  async update(
    id: number,
    input: UpdateProjectInput,
    actor: Actor & { side: 'studio' | 'client' },
    now = new Date(),
  ): Promise<UpdateOutcome> {
    // Read before the transaction: the site content has its own cache and connection.
    const snapshot = input.packageKey === undefined ? null : await this.packageSnapshot(input.packageKey);
    const outcome = await this.db.transaction().execute((trx) => changeProject(trx, id, input, snapshot, actor, now));
    if (outcome.kind !== 'done') return outcome;
    return { kind: 'saved', project: (await this.adminView(id))! };
  }

  /** Grants the client access (again, after revocation), records it, e-mails a sign-in link (`inviteEmail: false`: an invoice has it). */
  async markInvited(
    id: number,
    // The owner, or the system when a proposal's acceptance opens the portal.
    actor: Actor & { side: 'studio' | 'system' },
    now = new Date(),
    options = { inviteEmail: true },
  ): Promise<{ email: string } | null> {
    return this.db.transaction().execute(async (trx) => {
      const row = await trx.selectFrom('projects').select(['clientEmail']).where('id', '=', id).executeTakeFirst();
      if (!row) return null;
      await trx.updateTable('projects').set({ invitedAt: now.toISOString(), accessRevokedAt: null }).where('id', '=', id).execute();
      await recordActivity(trx, id, actor, { action: 'invited', email: row.clientEmail }, now);
      // The sign-in link goes with the change that grants access: both are committed, or neither.
      if (options.inviteEmail) await queueProjectEmail(trx, id, 'invite', now);
      return { email: row.clientEmail };
    });
  }

  /** Takes the project away from its client and their collaborators (revoke-access.ts). */
  revokeAccess(id: number, actor: Actor & { side: 'studio' }, now = new Date()): Promise<boolean> {
    return revokeProjectAccess(this.db, id, actor, now);
  }

  /** The projects open to `email`, each with their access; the client's file count only where it sees `clientFiles`. */
  async clientProjects(email: string): Promise<PortalProjectSummary[]> {
    // The access in the same read, by the rule every route uses (client-sessions.ts).
    const rows = await this.visibleTo(email).selectAll().select(collaboratorRole(email)).orderBy('updatedAt', 'desc').execute();
    const counts = await this.fileCounts(rows.map((row) => row.id));
    return rows.flatMap(({ role, ...row }) => {
      const access = accessOfRow({ clientEmail: row.clientEmail, role }, email);
      if (!access) return [];
      const { fileCount, ...summary } = toProjectSummary(row, counts.get(row.id));
      return [{ ...summary, access, ...(sees(access, 'clientFiles') ? { fileCount } : {}) }];
    });
  }

  /**
   * A project as a signed-in address sees it, with how they reach it (`access`); null for any project
   * not open to them (the caller answers 404). The client's own parts (notes, files, the people, the
   * log) are in it only for an access that sees them (common/collaborators.ts: VISIBLE_PARTS), and
   * only then read; only the invited client may fix files.
   */
  async clientView(email: string, id: number, now = new Date()): Promise<PortalProjectView | null> {
    const access = await this.accessTo(email, id);
    if (!access) return null;
    const row = await this.db.selectFrom('projects').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    const rows = await this.db.selectFrom('projectFiles').selectAll().where('projectId', '=', id).orderBy('id').execute();
    const { clientNotes, files, ...shared } = toProjectBase(row, rows, await this.tracksOf(id));
    return {
      ...shared,
      access,
      ...(sees(access, 'clientNotes') ? { clientNotes } : {}),
      // What the portal offers to fix, by the same rule the API enforces.
      ...(sees(access, 'clientFiles')
        ? { files: files.map((file) => ({ ...file, canChange: access === 'client' && clientMayChangeFile(file, shared.status, now) })) }
        : {}),
      ...(sees(access, 'collaborators') ? { collaborators: await this.collaborators.list(id) } : {}),
      ...(sees(access, 'activity') ? await this.newestActivity(id, 'client') : {}),
    };
  }

  /** How a signed-in address reaches the project (`projectAccessFor`): the client, a collaborator's role, or null. */
  accessTo(email: string, id: number): Promise<ProjectAccess | null> {
    return projectAccessFor(this.db, email, id);
  }

  /** Whether the address is the project's invited client (not a collaborator): the portal's own-project guard. */
  async isClientProject(email: string, id: number): Promise<boolean> {
    return (await this.accessTo(email, id)) === 'client';
  }

  /** How the log and the comments name someone on the project: the client by the name the studio gave, a collaborator by address. */
  async actorOn(email: string, access: ProjectAccess): Promise<Actor & { side: 'client' }> {
    return { side: 'client', email, name: access === 'client' ? await this.clientName(email) : email };
  }

  async setClientNotes(email: string, id: number, clientNotes: string, actor: Actor & { side: 'client' }, now = new Date()) {
    return this.db.transaction().execute(async (trx) => {
      const row = await projectsOpenTo(trx, email)
        .select(['clientNotes'])
        .where('id', '=', id)
        .where('clientEmail', '=', email)
        .executeTakeFirst();
      if (!row) return false;
      if (row.clientNotes !== clientNotes) {
        await trx.updateTable('projects').set({ clientNotes, updatedAt: now.toISOString() }).where('id', '=', id).execute();
        await recordActivity(trx, id, actor, { action: 'client_notes_changed' }, now);
      }
      return true;
    });
  }

  /** The client's name as the studio knows it (the newest project they are the client of), for the log and the portal's greeting. */
  async clientName(email: string): Promise<string | null> {
    const row = await this.visibleTo(email).select('clientName').where('clientEmail', '=', email).orderBy('id', 'desc').executeTakeFirst();
    return row?.clientName ?? null;
  }

  private visibleTo(email: string) {
    return projectsOpenTo(this.db, email);
  }

  private async fileCounts(ids: number[]): Promise<Map<number, { client: number; studio: number }>> {
    const counts = new Map<number, { client: number; studio: number }>();
    if (ids.length === 0) return counts;
    const rows = await this.db
      .selectFrom('projectFiles')
      .select(['projectId', 'side', (eb) => eb.fn.countAll<number>().as('count')])
      .where('projectId', 'in', ids)
      .groupBy(['projectId', 'side'])
      .execute();
    for (const row of rows) {
      const entry = counts.get(row.projectId) ?? { client: 0, studio: 0 };
      entry[row.side] = Number(row.count);
      counts.set(row.projectId, entry);
    }
    return counts;
  }
}

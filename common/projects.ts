import { dollars, line, paragraphs } from './site-content/fields.ts';
import { calendarDateSchema } from './calendar-date.ts';
import { recordIdSchema } from './record-id.ts';
import { safeText } from './text.ts';
import type { TrackView } from './review.ts';
import { z } from './zod.ts';
import { emailAddressField, MAX_EMAIL_LENGTH } from './email-address.ts';
import type { CollaboratorView, ProjectAccess } from './collaborators.ts';
import { PROJECT_STATUSES, type ProjectStatus } from './project-lifecycle.ts';
import { packageKeySchema } from './site-content/packages.ts';

/*
 * Client projects: one record per piece of work the studio takes on, from the first files to the
 * final delivery. The rules here are read by the admin's Projects area, the client portal and the
 * server alike; the JSON shapes below are what `/api/admin/projects` and `/api/portal` answer.
 */

/** A project is sold as one of the site's packages (its key, common/site-content/packages.ts) or as a custom deal ("custom"). */
export type ProjectPackage = string;

/** Upload limits for a project: per file, and files per project (client uploads and deliveries counted apart). */
export const MAX_PROJECT_FILE_BYTES = 5 * 1024 * 1024 * 1024;
export const MAX_PROJECT_FILES = 200;

export { RETENTION_DAYS, RETENTION_WARNING_DAYS } from './retention.ts';

/** A sign-in link works once, for this long; a client session ends after this long unused. */
export const SIGN_IN_LINK_DAYS = 7;
export const CLIENT_SESSION_IDLE_DAYS = 30;

/** What a client's file is to the studio. */
export const CLIENT_FILE_CATEGORIES = ['stems', 'reference', 'rough_mix', 'other'] as const;
export type ClientFileCategory = (typeof CLIENT_FILE_CATEGORIES)[number];
export const CLIENT_FILE_CATEGORY_LABELS: Record<ClientFileCategory, string> = {
  stems: 'Stems',
  reference: 'Reference track',
  rough_mix: 'Rough mix',
  other: 'Other',
};

export const PROJECT_LIMITS = {
  title: 120,
  clientName: 100,
  clientEmail: MAX_EMAIL_LENGTH,
  notes: 5000,
  clientNotes: 5000,
  fileName: 255,
} as const;

const emailField = emailAddressField('Client e-mail');

const projectFields = {
  title: line('Title', PROJECT_LIMITS.title),
  clientName: line('Client name', PROJECT_LIMITS.clientName),
  clientEmail: emailField,
  packageKey: packageKeySchema,
  /** The agreed price in whole dollars; null when not agreed yet. */
  price: dollars('Price').nullable(),
  dueDate: calendarDateSchema('Due date').nullable(),
  notes: paragraphs('Notes', PROJECT_LIMITS.notes, { min: 0 }),
};

/** POST /api/admin/projects. `contactSubmissionId` links the enquiry it came from (and sets that enquiry in progress). */
export const createProjectSchema = z.strictObject({
  ...projectFields,
  price: projectFields.price.default(null),
  dueDate: projectFields.dueDate.default(null),
  notes: projectFields.notes.default(''),
  contactSubmissionId: recordIdSchema('contactSubmissionId must be an enquiry id').nullable().default(null),
});
export type CreateProjectInput = z.output<typeof createProjectSchema>;

/** PATCH /api/admin/projects/{id}: any of the fields, the status, and the retention date the owner extends to. */
export const updateProjectSchema = z
  .strictObject({
    ...projectFields,
    status: z.enum(PROJECT_STATUSES, { error: `status must be one of ${PROJECT_STATUSES.join(', ')}` }),
    /** Keep the audio files until this day (at least the automatic date); null goes back to the automatic date. */
    retainFilesUntil: calendarDateSchema('Keep files until').nullable(),
  })
  .partial()
  .refine((value) => Object.keys(value).length > 0, { error: 'Send at least one field to change' });
export type UpdateProjectInput = z.output<typeof updateProjectSchema>;

/** PATCH /api/portal/projects/{id}: what the client tells the studio about the project. */
export const clientNotesSchema = z.strictObject({
  clientNotes: paragraphs('Notes', PROJECT_LIMITS.clientNotes, { min: 0 }),
});

const objectPathField = safeText(z.string({ error: 'objectPath is required' }), 'objectPath')
  .min(1, 'objectPath is required')
  .max(1024);
const fileNameField = line('File name', PROJECT_LIMITS.fileName).refine((value) => !/[/\\]/.test(value), {
  error: 'File name must not contain slashes',
});

const categoryField = z.enum(CLIENT_FILE_CATEGORIES, { error: `category must be one of ${CLIENT_FILE_CATEGORIES.join(', ')}` });

/** POST /api/portal/projects/{id}/files: an upload completed through /api/uploads, registered into the project. */
export const registerClientFileSchema = z.strictObject({
  objectPath: objectPathField,
  name: fileNameField.optional(),
  category: categoryField.default('stems'),
});

/** PATCH /api/{portal,admin}/projects/{id}/files/{fileId}: a client's file filed under another category. */
export const recategoriseFileSchema = z.strictObject({ category: categoryField });

/** POST /api/admin/projects/{id}/deliveries. */
export const registerDeliverySchema = z.strictObject({ objectPath: objectPathField, name: fileNameField.optional() });

/** POST /api/portal/sign-in. */
export const portalSignInSchema = z.object({ email: emailField });

export const PORTAL_MESSAGES = {
  /** The same words whether or not the address is known: the answer must not tell. */
  signInLinkSent: 'If that address has a project with us, a sign-in link is on its way. It works once, within 7 days.',
  linkInvalid: 'This sign-in link has expired or was already used. Ask for a new one below.',
} as const;

/** What the analysis measured in an audio file (null fields: the format does not say, or it could not be measured). */
export interface FileAnalysis {
  /** `wav`, `aiff`, `flac`, `mp3`, `m4a`, `aac`, `ogg`... */
  format: string;
  durationSeconds: number | null;
  sampleRate: number | null;
  /** PCM bit depth; null for lossy formats. */
  bitDepth: number | null;
  channels: number | null;
  /** Lossy formats' bitrate in kbps (average for VBR); null for PCM. */
  bitrateKbps: number | null;
  /** The highest sample, in dBFS (0 = full scale). */
  peakDbfs: number | null;
  /** Integrated loudness, ITU-R BS.1770 (LUFS). */
  loudnessLufs: number | null;
}

/** `pending` until analysed; `not-audio` for ZIPs and other files; `failed` when the file could not be decoded. */
export type AnalysisState = 'pending' | 'done' | 'not-audio' | 'failed';

export interface ProjectFileView {
  id: number;
  name: string;
  size: number;
  /** Hex SHA-256 of the stored bytes, computed by the server after the upload (null until then). */
  sha256: string | null;
  /** `client`: sent by the client (stems, references); `studio`: a delivery. */
  side: 'client' | 'studio';
  category: ClientFileCategory | 'delivery';
  createdAt: string;
  analysisState: AnalysisState;
  analysis: FileAnalysis | null;
  /** Set once retention removed the audio: the record stays, the bytes are gone. */
  removedAt: string | null;
}

export interface ProjectActivityView {
  id: number;
  at: string;
  /** `studio`, `client` or `system` (retention, e-mails). */
  actor: 'studio' | 'client' | 'system';
  actorName: string | null;
  /** A short sentence: "Uploaded kick.wav", "Downloaded mix.wav (3 times)". */
  summary: string;
  /** How many times it happened: repeated downloads by one person count on one entry (decision 085). */
  count: number;
  /** When a repeated entry last happened (`at` is the first time); null when it happened once. */
  lastAt: string | null;
}

/**
 * A page of a project's log, newest first: GET /api/{admin,portal}/projects/{id}/activity?before={id}.
 * `nextBefore`: the `before` of the next (older) page; null when there is none.
 */
export interface ActivityPageView {
  activity: ProjectActivityView[];
  nextBefore: number | null;
}

/** What both sides see of a project. */
export interface ProjectBase {
  id: number;
  title: string;
  status: ProjectStatus;
  packageKey: ProjectPackage;
  /** The package's name when the project was made ("Premium"); "Custom" for a custom deal. */
  packageTitle: string;
  /** Revision rounds the package includes (snapshot at creation); null means unlimited. */
  revisionsIncluded: number | null;
  dueDate: string | null;
  clientName: string;
  clientNotes: string;
  createdAt: string;
  updatedAt: string;
  completedAt: string | null;
  /** When the audio files will be removed (null while the project is not completed); see RETENTION_DAYS. */
  filesExpireAt: string | null;
  filesRemovedAt: string | null;
  files: ProjectFileView[];
  deliveries: ProjectFileView[];
  /** The review room: each track with its versions (common/review.ts). */
  tracks: TrackView[];
}

/** GET /api/admin/projects/{id}. */
export interface AdminProjectView extends ProjectBase {
  clientEmail: string;
  price: number | null;
  notes: string;
  contactSubmissionId: number | null;
  retainFilesUntil: string | null;
  /** When the client was last sent a sign-in link; null: never invited. */
  invitedAt: string | null;
  /** Set while the client's access is revoked. */
  accessRevokedAt: string | null;
  /** Deliveries wait for payment while a sent invoice has a balance (decision 093); false: unlocked by hand. */
  deliveryLocked: boolean;
  /** The people the client added, with their roles (common/collaborators.ts). */
  collaborators: CollaboratorView[];
  /** The newest entries of the log only: older ones come a page at a time from `activityNextBefore`. */
  activity: ProjectActivityView[];
  activityNextBefore: number | null;
}

/** A client's file as the portal shows it. */
export interface PortalFileView extends ProjectFileView {
  /** The client may still recategorise or remove it (the server's rule: server/projects/client-file-changes.ts). */
  canChange: boolean;
}

/**
 * The parts of a portal project answer that are the invited client's own (common/collaborators.ts:
 * VISIBLE_PARTS, PROJECT_VIEW_PART_KEYS): absent, not emptied, for an access that does not see them.
 */
export interface PortalClientParts {
  clientNotes: string;
  /** The files the client sent ("Your files"). */
  files: PortalFileView[];
  /** The people on the project. */
  collaborators: CollaboratorView[];
  /** The newest entries of the log only, as for the studio (AdminProjectView). */
  activity: ProjectActivityView[];
  activityNextBefore: number | null;
}

/** GET /api/portal/projects/{id}: what everyone on the project sees, and the client's parts their access sees. */
export interface PortalProjectView extends Omit<ProjectBase, 'files' | 'clientNotes'>, Partial<PortalClientParts> {
  /** How the signed-in address reaches this project: the invited client, or a collaborator's role. */
  access: ProjectAccess;
}

/** One row of GET /api/admin/projects and GET /api/portal/projects. */
export interface ProjectSummary {
  id: number;
  title: string;
  status: ProjectStatus;
  clientName: string;
  packageTitle: string;
  dueDate: string | null;
  fileCount: number;
  deliveryCount: number;
  updatedAt: string;
  /** The client sent files since the studio last changed the project: the studio has something to look at. */
  waitingForStudio: boolean;
}

/**
 * One row of GET /api/portal/projects: how the address reaches the project, and the count of the
 * client's files only for an access that sees `clientFiles` (common/collaborators.ts).
 */
export interface PortalProjectSummary extends Omit<ProjectSummary, 'fileCount'> {
  access: ProjectAccess;
  fileCount?: number;
}

/** GET /api/admin/projects. */
export interface AdminProjectList {
  projects: (ProjectSummary & { clientEmail: string })[];
  counts: { active: number; waitingForStudio: number; dueThisWeek: number };
}

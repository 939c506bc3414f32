import type { AnalysisState } from '#common/projects.ts';
import type { ProjectStatus } from '#common/project-lifecycle.ts';
import type { CollaboratorRole } from '#common/collaborators.ts';
import type { Generated } from 'kysely';
import type { Timestamp } from './timestamp.ts';

/** A piece of client work (server/projects); the client is known by `clientEmail`. */
export interface ProjectsTable {
  id: Generated<number>;
  title: string;
  clientName: string;
  clientEmail: string;
  packageKey: string;
  packageTitle: string;
  /** Null: unlimited. */
  revisionsIncluded: number | null;
  price: number | null;
  /** `YYYY-MM-DD`. */
  dueDate: string | null;
  notes: Generated<string>;
  clientNotes: Generated<string>;
  status: Generated<ProjectStatus>;
  contactSubmissionId: number | null;
  invitedAt: string | null;
  accessRevokedAt: string | null;
  completedAt: string | null;
  /** `YYYY-MM-DD`: the owner keeps the files until this day (never earlier than the automatic date). */
  retainFilesUntil: string | null;
  retentionWarnedAt: string | null;
  filesRemovedAt: string | null;
  lastClientActivityAt: string | null;
  lastStudioActivityAt: string | null;
  /** 1: while a sent invoice has a balance, deliveries cannot be downloaded (the owner may set 0 for a trusted client). */
  deliveryLocked: Generated<number>;
  /** The bitrate of the review room's listening copies (256 or 320 kbps, decision 101). */
  listeningBitrateKbps: Generated<number>;
  createdAt: Timestamp;
  updatedAt: Timestamp;
}

export interface ProjectFilesTable {
  id: Generated<number>;
  projectId: number;
  side: 'client' | 'studio';
  category: string;
  name: string;
  objectKey: string;
  size: number;
  /** Hex SHA-256 of the stored bytes; null until the file has been processed. */
  sha256: string | null;
  contentType: string;
  analysisState: Generated<AnalysisState>;
  /** Held by the instance processing the file (checksum, analysis) until then. */
  processingUntil: string | null;
  /** JSON text of common/projects.ts FileAnalysis. */
  analysis: string | null;
  /** `client:{email}` or `admin:{id}`. */
  uploadedBy: string;
  removedAt: string | null;
  createdAt: Timestamp;
}

/** An upload key /api/uploads reserved for a project, until the file is registered. */
export interface ProjectUploadsTable {
  uploadKey: string;
  projectId: number;
  side: 'client' | 'studio';
  uploader: string;
  /** The name the uploader gave the file when it started. */
  fileName: string;
  createdAt: Timestamp;
}

export interface ProjectActivityTable {
  id: Generated<number>;
  projectId: number;
  actor: 'studio' | 'client' | 'system';
  actorName: string | null;
  action: string;
  /** JSON text: what the action needs to be worded. */
  detail: string | null;
  createdAt: Timestamp;
  /** How many times it happened: a repeated download counts on its first entry (decision 085). */
  count: Generated<number>;
  /** When it last happened; null on entries that never repeat. */
  lastAt: Generated<string | null>;
  /** What a repeat shares while the entry is open to repeats; null once closed, or for entries that never repeat. */
  repeatKey: Generated<string | null>;
}

export interface ClientSignInLinksTable {
  id: Generated<number>;
  email: string;
  tokenHash: string;
  expiresAt: string;
  usedAt: string | null;
  createdAt: Timestamp;
}

export interface ClientSessionsTable {
  /** SHA-256 of the cookie's token. */
  sid: string;
  email: string;
  expiresAt: string;
  lastSeenAt: string;
  createdAt: Timestamp;
}

export type ProjectEmailKind =
  | 'invite'
  | 'sign_in'
  | 'files_received'
  | 'delivery_ready'
  | 'retention_warning'
  | 'version_ready'
  | 'comments_for_client'
  | 'comments_for_studio'
  | 'decisions_for_studio'
  | 'decisions_for_people'
  | 'collaborator_invite';

/** An e-mail about a project, sent at least once; its words are made at sending time. */
export interface ProjectEmailsTable {
  id: Generated<number>;
  projectId: number;
  kind: ProjectEmailKind;
  /** Someone other than the kind's usual addressee (a collaborator); null: the client or the studio. */
  recipient: string | null;
  /** A studio notice's copy for one of the project's engineers (their admin id); null: as `recipient` says. */
  staffId: Generated<number | null>;
  attempts: Generated<number>;
  nextAttemptAt: Timestamp;
  lastError: string | null;
  sentAt: string | null;
  createdAt: Timestamp;
}

/** Someone the client added to a project by e-mail, with a role (common/collaborators.ts). */
export interface ProjectCollaboratorsTable {
  id: Generated<number>;
  projectId: number;
  email: string;
  role: CollaboratorRole;
  /** `client:{email}`: who added them. */
  addedBy: string;
  lastSignedInAt: string | null;
  removedAt: string | null;
  createdAt: Timestamp;
}

/** Someone who muted a project's e-mails from one of them (decision 102): nothing more about it reaches them. */
export interface ProjectEmailMutesTable {
  projectId: number;
  email: string;
  mutedAt: Timestamp;
}

/** Who of the staff works on a project (issue 43); one row per person, `lead` 1 for the lead engineer. */
export interface ProjectEngineersTable {
  projectId: number;
  adminUserId: number;
  lead: number;
  assignedAt: Timestamp;
}

/** Client projects, their files, the client portal's sign-in and the collaborators (server/projects). */
export interface ProjectTables {
  projects: ProjectsTable;
  projectFiles: ProjectFilesTable;
  projectUploads: ProjectUploadsTable;
  projectActivity: ProjectActivityTable;
  clientSignInLinks: ClientSignInLinksTable;
  clientSessions: ClientSessionsTable;
  projectEmails: ProjectEmailsTable;
  projectCollaborators: ProjectCollaboratorsTable;
  projectEmailMutes: ProjectEmailMutesTable;
  projectEngineers: ProjectEngineersTable;
}

import type { Generated, Selectable } from 'kysely';
import type { Timestamp } from './timestamp.ts';

/** A proposal (decision 114): JSON columns hold text on both dialects (written and read as JSON strings). */
export interface ProposalsTable {
  id: Generated<number>;
  /** `draft`, `sent`, `accepted` or `withdrawn`; "viewed" and "expired" are read from the dates. */
  state: Generated<'draft' | 'sent' | 'accepted' | 'withdrawn'>;
  title: string;
  clientName: string;
  clientEmail: string;
  artistName: Generated<string>;
  packageKey: string;
  songs: number;
  /** JSON: `ExtraLine[]`. */
  extras: string;
  /** JSON: `ProposalOption[]`. */
  options: string;
  depositPercent: number;
  /** JSON: the balance's `DueRule`. */
  balanceDue: string;
  depositGatesUploads: Generated<number>;
  /** Thousandths of a percent (8.875 % is 8875). */
  taxRate: Generated<number>;
  discountCents: Generated<number>;
  message: Generated<string>;
  expiresOn: string | null;
  bookingId: number | null;
  contactSubmissionId: number | null;
  projectId: number | null;
  acceptedProjectId: number | null;
  /** What the visitor wrote with a request from the site's start page (decision 115); null for the owner's own. */
  requestNote: string | null;
  /** With the session secret, makes the client's link (`proposal-link`); null until sent. */
  linkNonce: string | null;
  /** SHA-256 of the link's token: what `/p/{token}` is looked up by. */
  tokenHash: string | null;
  /** The agreement (tokens filled) as sent: what the client reads and signs. */
  agreementText: string | null;
  sentAt: Timestamp | null;
  firstViewedAt: Timestamp | null;
  viewCount: Generated<number>;
  acceptedAt: Timestamp | null;
  withdrawnAt: Timestamp | null;
  createdAt: Timestamp;
  updatedAt: Timestamp;
}

/** The e-signature record of an accepted proposal: the exact text signed and its SHA-256. */
export interface ProposalSignaturesTable {
  proposalId: number;
  signatureName: string;
  signedAt: Timestamp;
  ipAddress: string;
  userAgent: string;
  agreementTitle: string;
  agreementText: string;
  agreementSha256: string;
  /** JSON: the option keys chosen. */
  optionKeys: string;
  /** JSON: the `ProposalQuote` agreed. */
  quote: string;
  totalCents: number;
}

export interface ProposalTemplatesTable {
  id: Generated<number>;
  name: string;
  packageKey: string;
  /** JSON: the template's `ProposalTemplateInput` less its name. */
  body: string;
  createdAt: Timestamp;
  updatedAt: Timestamp;
}

/**
 * `sent` (the link, to the client), `signed` (the signed copy, to the client), `studio_signed` (the notice, to the studio),
 * `studio_request` (a project started from the site, to the studio: decision 115).
 */
export type ProposalEmailKind = 'sent' | 'signed' | 'studio_signed' | 'studio_request';

/** A proposal's e-mail, sent at least once (server/email/retried-mail.ts); `subject` keeps each one single. */
export interface ProposalEmailsTable {
  id: Generated<number>;
  proposalId: number;
  kind: ProposalEmailKind;
  subject: string;
  attempts: Generated<number>;
  nextAttemptAt: string;
  lastError: string | null;
  sentAt: string | null;
  createdAt: Timestamp;
}

export interface ProposalTables {
  proposals: ProposalsTable;
  proposalSignatures: ProposalSignaturesTable;
  proposalTemplates: ProposalTemplatesTable;
  proposalEmails: ProposalEmailsTable;
}

export type Proposal = Selectable<ProposalsTable>;
export type ProposalSignature = Selectable<ProposalSignaturesTable>;

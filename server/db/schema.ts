import type { AudioFormat } from '#common/audio-format.ts';
import type { SpamReason } from '#common/contact-spam.ts';
import type { TrackState } from '#common/review.ts';
import type { ColumnType, Generated, Selectable } from 'kysely';

/** ISO-8601 text in both dialects (PostgreSQL timestamptz values are read back as ISO strings). */
type Timestamp = ColumnType<string, string | undefined, string>;

export interface SamplesTable {
  id: Generated<number>;
  title: string;
  artist: string | null;
  genre: string | null;
  description: string | null;
  audioUrl: string;
  coverImageUrl: string | null;
  duration: string | null;
  displayOrder: Generated<number>;
  durationSeconds: number | null;
  /** Encoded peaks (common/peaks.ts), '' when analysed without a waveform, null until analysed. */
  peaks: string | null;
  /** 1 for a sample the demo seed made (until its audio is replaced); the admin badges it. */
  isDemo: Generated<number>;
  createdAt: Timestamp;
  updatedAt: Timestamp;
  /** Set while the sample is in the admin's trash: hidden everywhere public, removed for good 30 days later. */
  deletedAt: string | null;
  /**
   * The streaming copy the public players get (decision 087): its upload key (the original's own
   * key when the original is served as it is), size and type; null until the analysis made one.
   */
  streamKey: string | null;
  streamSize: number | null;
  streamContentType: string | null;
}

/** Plays per sample and UTC day (`YYYY-MM-DD`); nothing about who listened. */
export interface SamplePlaysDailyTable {
  sampleId: number;
  day: string;
  count: number;
}

export interface ContactSubmissionsTable {
  id: Generated<number>;
  name: string;
  email: string;
  phone: string | null;
  message: string;
  status: Generated<string>;
  /** Null until the owner opened it in the inbox. */
  readAt: ColumnType<string | null, string | null | undefined, string | null>;
  /** Null in the inbox; why the spam checks caught it when it is in the spam folder. */
  spamReason: ColumnType<SpamReason | null, SpamReason | null | undefined, SpamReason | null>;
  createdAt: Timestamp;
  updatedAt: Timestamp;
}

export interface SessionsTable {
  sid: string;
  /** JSON text. */
  sess: string;
  expire: string;
  adminUserId: number | null;
  createdAt: Timestamp;
}

export interface AdminUsersTable {
  id: Generated<number>;
  username: string;
  email: string;
  password: string;
  displayName: Generated<string | null>;
  firstName: string | null;
  lastName: string | null;
  profileImageUrl: string | null;
  isActive: Generated<number>;
  /** When this admin put the dashboard's setup checklist away; null while it shows. */
  setupChecklistDismissedAt: Generated<string | null>;
  lastLogin: string | null;
  createdAt: Timestamp;
  updatedAt: Timestamp;
}

export interface PasswordResetTokensTable {
  id: Generated<number>;
  adminUserId: number;
  token: string;
  expiresAt: string;
  used: Generated<number>;
  createdAt: Timestamp;
}

/** An admin's TOTP enrolment (server/auth/two-factor.ts); `secret` is sealed (server/crypto/secret-box.ts). */
export interface AdminTwoFactorTable {
  adminUserId: number;
  secret: string;
  /** Null until the admin confirmed with a code: an unconfirmed row never asks for a code at login. */
  confirmedAt: string | null;
  /** The newest TOTP step that was accepted; codes at or before it are refused (replay). */
  lastUsedStep: number | null;
  createdAt: Timestamp;
}

/** Single-use recovery codes, stored as keyed hashes. */
export interface AdminRecoveryCodesTable {
  id: Generated<number>;
  adminUserId: number;
  codeHash: string;
  usedAt: string | null;
  createdAt: Timestamp;
}

/** Fixed-window counters for rate limits and brute-force protection, shared by every instance. */
export interface RateLimitsTable {
  key: string;
  count: number;
  resetAt: string;
}

/** Upload grants and the objects they produced (server/storage). */
export interface UploadedObjectsTable {
  key: string;
  status: 'pending' | 'uploading' | 'uploaded' | 'registering' | 'registered' | 'failed';
  size: number | null;
  contentType: string | null;
  /** Detected from the first bytes at registration (server/audio/audio-format.ts). */
  format: AudioFormat | null;
  createdAt: Timestamp;
  registeredAt: string | null;
}

/** Multipart uploads this server started and not yet completed or aborted (server/uploads). */
export interface MultipartUploadsTable {
  uploadId: string;
  objectKey: string;
  uploadKey: string;
  /** Who may continue it, as the access rule names callers (`admin`). */
  owner: string;
  contentType: string;
  /** This upload's size limit; null: the sample audio limit. */
  maxBytes: number | null;
  createdAt: Timestamp;
  /** Once joined: the parts it was joined from (JSON, as listed), so a retried completion answers the same. */
  completedParts: string | null;
  /** The size the uploader declared at the start; null: none declared (counted as `maxBytes`). */
  declaredBytes: ColumnType<number | null, number | null | undefined, number | null>;
  /** The project it goes into; null: a sample's audio. */
  projectId: ColumnType<number | null, number | null | undefined, number | null>;
  /** When a part was last signed or received; null: none yet (then `createdAt` tells). */
  touchedAt: ColumnType<string | null, string | null | undefined, string | null>;
}

/** The owner's e-mail about a contact submission; unsent ones are retried (server/contact). */
export interface ContactNoticesTable {
  id: Generated<number>;
  submissionId: number;
  /** `owner`: the studio's e-mail about it; `acknowledgement`: the visitor's receipt. One of each per submission at most. */
  kind: ColumnType<ContactNoticeKind, ContactNoticeKind | undefined, never>;
  attempts: Generated<number>;
  nextAttemptAt: Timestamp;
  lastError: string | null;
  sentAt: string | null;
  createdAt: Timestamp;
}

export type ContactNoticeKind = 'owner' | 'acknowledgement';

/** The inbox's settings: a single row (id 1), absent until the owner first saves them. */
export interface ContactSettingsTable {
  id: number;
  /** 0 or 1. */
  acknowledgementEnabled: number;
  /** Null: the default text. */
  acknowledgementText: string | null;
  updatedAt: Timestamp;
}

/** One-time jobs already done (the first-run demo seed). */
export interface CompletedOnceTable {
  name: string;
  createdAt: Timestamp;
}

export interface SiteContentVersionsTable {
  id: Generated<number>;
  section: string;
  version: number;
  /** The section's fields as JSON text. */
  data: string;
  updatedById: number | null;
  updatedByName: string | null;
  createdAt: Timestamp;
}

/** The one unpublished draft of a section (0016_site_content_drafts). */
export interface SiteContentDraftsTable {
  section: string;
  basedOnVersion: number;
  /** The section's fields as JSON text. */
  data: string;
  updatedById: number | null;
  updatedByName: string | null;
  updatedAt: Timestamp;
}

export interface SiteImagesTable {
  id: string;
  width: number;
  height: number;
  /** JSON array of the rendition widths. */
  widths: string;
  originalKey: string;
  originalType: string;
  byteSize: number;
  uploadedById: number | null;
  createdAt: Timestamp;
}

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
  status: Generated<string>;
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
  analysisState: Generated<string>;
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
  | 'collaborator_invite';

/** An e-mail about a project, sent at least once; its words are made at sending time. */
export interface ProjectEmailsTable {
  id: Generated<number>;
  projectId: number;
  kind: ProjectEmailKind;
  /** Someone other than the kind's usual addressee (a collaborator); null: the client or the studio. */
  recipient: string | null;
  attempts: Generated<number>;
  nextAttemptAt: Timestamp;
  lastError: string | null;
  sentAt: string | null;
  createdAt: Timestamp;
}

/** One row per daily task and UTC day: the instance that inserts it runs the task. */
export interface DailyTaskRunsTable {
  task: string;
  day: string;
  createdAt: Timestamp;
}

/** A song of a project in the review room. */
export interface ProjectTracksTable {
  id: Generated<number>;
  projectId: number;
  title: string;
  state: ColumnType<TrackState, TrackState | undefined, TrackState>;
  approvedVersionId: number | null;
  createdAt: Timestamp;
  updatedAt: Timestamp;
}

/** One mix or master of a track; its measurements are null until analysed. */
export interface TrackVersionsTable {
  id: Generated<number>;
  trackId: number;
  projectId: number;
  number: number;
  name: string;
  notes: Generated<string>;
  objectKey: string;
  size: number;
  analysisState: Generated<string>;
  format: string | null;
  durationSeconds: number | null;
  loudnessLufs: number | null;
  truePeakDbtp: number | null;
  loudnessRangeLu: number | null;
  /** Encoded (common/peaks.ts). */
  peaks: string | null;
  processingUntil: string | null;
  uploadedBy: string;
  removedAt: string | null;
  createdAt: Timestamp;
}

export interface VersionCommentsTable {
  id: Generated<number>;
  versionId: number;
  /** The thread's first comment; null for a thread's first comment itself. */
  parentId: number | null;
  authorSide: 'client' | 'studio';
  /** `client:{email}` or `admin:{id}`: who may edit it. */
  authorKey: string;
  authorName: string | null;
  atSeconds: number;
  endSeconds: number | null;
  body: string;
  resolvedAt: string | null;
  resolvedByName: string | null;
  editedAt: string | null;
  deletedAt: string | null;
  createdAt: Timestamp;
}

export interface RevisionRequestsTable {
  id: Generated<number>;
  trackId: number;
  versionId: number;
  summary: string;
  requestedBy: string;
  createdAt: Timestamp;
}

/** Someone the client added to a project by e-mail, with a role (common/collaborators.ts). */
export interface ProjectCollaboratorsTable {
  id: Generated<number>;
  projectId: number;
  email: string;
  role: 'approve' | 'comment' | 'listen';
  /** `client:{email}`: who added them. */
  addedBy: string;
  lastSignedInAt: string | null;
  removedAt: string | null;
  createdAt: Timestamp;
}

/** A link the studio shares so someone can listen to one track and comment (decision 082). */
export interface ReviewLinksTable {
  id: Generated<number>;
  projectId: number;
  trackId: number;
  /** SHA-256 of the link's token: the link itself is never stored. */
  tokenHash: string;
  /** argon2id, as the admin accounts' passwords; null when the link needs none. */
  passwordHash: string | null;
  /** Null: until revoked. */
  expiresAt: string | null;
  revokedAt: string | null;
  /** `admin:{id}` */
  createdBy: string;
  opens: Generated<number>;
  lastOpenedAt: string | null;
  createdAt: Timestamp;
}

export type ReviewLinkEvent = 'opened' | 'password_failed' | 'streamed' | 'commented';

/** One use of a review link; the address is shortened (decision 082). */
export interface ReviewLinkAccessesTable {
  id: Generated<number>;
  linkId: number;
  event: ReviewLinkEvent;
  ip: string;
  userAgent: string;
  at: Timestamp;
}

export type BookingStatus = 'confirmed' | 'cancelled' | 'no_show';

/** A consultation a visitor booked (decision 091). */
export interface BookingsTable {
  id: Generated<number>;
  /** The consultation type's key and name when it was booked: renaming a type keeps the booking's words. */
  typeKey: string;
  typeName: string;
  meeting: string;
  /** Where it happens, fixed when booked: the number the studio calls, the meeting link, or the studio's address. */
  place: string;
  startAt: string;
  endAt: string;
  /** The type's buffers when it was booked: a later change of the type does not move what this booking keeps clear. */
  bufferBeforeMinutes: number;
  bufferAfterMinutes: number;
  /** The studio's calendar date of the start (`YYYY-MM-DD`): the daily limit and the day's lock. */
  studioDate: string;
  status: Generated<BookingStatus>;
  name: string;
  email: string;
  phone: string | null;
  note: string | null;
  /** The zone the visitor booked in: their e-mails word times in it. */
  visitorZone: string;
  /** The invitation's UID, the same across reschedules; SEQUENCE grows with each change. */
  icsUid: string;
  icsSequence: Generated<number>;
  /** SHA-256 of the single-purpose links in the visitor's e-mail: the links themselves are never stored. */
  cancelTokenHash: string;
  rescheduleTokenHash: string;
  /**
   * Who holds it, for the limits per person (server/booking/booking-holders.ts): the address
   * lower-case, and a keyed hash of the client's network (null for bookings made before 0026).
   */
  emailKey: string | null;
  clientKey: string | null;
  ownerNotes: string | null;
  cancelledAt: string | null;
  /** `visitor` or `admin:{id}` */
  cancelledBy: string | null;
  cancelMessage: string | null;
  createdAt: Timestamp;
  updatedAt: Timestamp;
}

export type BookingEmailKind =
  | 'confirmation'
  | 'rescheduled'
  | 'cancelled'
  | 'reminder_day'
  | 'reminder_hour'
  | 'studio_booked'
  | 'studio_rescheduled'
  | 'studio_cancelled';

/** An e-mail about a booking, sent at least once (server/email/retried-mail.ts). */
export interface BookingEmailsTable {
  id: Generated<number>;
  bookingId: number;
  kind: BookingEmailKind;
  /** The booking's invitation SEQUENCE when queued: an e-mail about a state since replaced is not sent. */
  sequence: number;
  attempts: Generated<number>;
  nextAttemptAt: string;
  lastError: string | null;
  sentAt: string | null;
  createdAt: Timestamp;
}

/** A studio date's lock row: a booking takes it before reading that day's bookings. */
export interface BookingDaysTable {
  studioDate: string;
  lockedAt: Timestamp;
}

/** A holder's lock row (an e-mail address's or a client network's, hashed): a booking takes it before counting what the holder holds. */
export interface BookingHoldersTable {
  holder: string;
  lockedAt: Timestamp;
}

/** The owner's booking settings, one row (id 1). */
export interface BookingSettingsTable {
  id: number;
  /** JSON of common/booking/settings.ts. */
  data: string;
  version: number;
  /** The calendar feed's address and the subscription token, sealed (server/crypto/secret-box.ts). */
  feedUrlSealed: string | null;
  calendarTokenSealed: string | null;
  /** 1 when the owner allowed the feed's address to be on a private network (refused otherwise). */
  feedPrivateAllowed: ColumnType<number, number | undefined, number>;
  updatedAt: Timestamp;
}

/** The owner's calendar feed as last fetched, one row (id 1). */
export interface BookingFeedTable {
  id: number;
  /** The last good copy: a failing fetch keeps it. */
  body: string | null;
  fetchedAt: string | null;
  attemptedAt: string | null;
  /** What the last attempt ran into, worded for the owner; null after a good fetch. */
  error: string | null;
  /** When the copy was expanded into booking_busy_times, over which window and in which studio zone. */
  expandedAt: string | null;
  expandedFrom: string | null;
  expandedUntil: string | null;
  expandedZone: string | null;
  busyCount: ColumnType<number, number | undefined, number>;
}

/** The last good copy's busy times over the booking horizon, replaced whole with each expansion. */
export interface BookingBusyTimesTable {
  id: Generated<number>;
  startAt: string;
  endAt: string;
}

export type InvoiceKind = 'deposit' | 'balance' | 'full' | 'custom';
export type InvoiceState = 'draft' | 'sent' | 'partly_paid' | 'paid' | 'void';

/** A project's invoice, in integer cents (decision 093). A sent one is never edited: voided and reissued. */
export interface InvoicesTable {
  id: Generated<number>;
  projectId: number;
  /** `ATL-2027-0001`: unique, never reused (invoice_counters). */
  number: string;
  kind: InvoiceKind;
  state: Generated<InvoiceState>;
  currency: string;
  subtotalCents: number;
  discountCents: Generated<number>;
  /** The tax rate in hundredths of a percent (8.25 % is 825), so no float is ever stored. */
  taxBasisPoints: Generated<number>;
  taxCents: Generated<number>;
  totalCents: number;
  /** Payments less refunds, kept with each payment in the same transaction. */
  paidCents: Generated<number>;
  /** `YYYY-MM-DD` */
  dueDate: string | null;
  notes: Generated<string>;
  /** The voided invoice this one reissues. */
  replacesInvoiceId: number | null;
  sentAt: string | null;
  paidAt: string | null;
  voidedAt: string | null;
  voidReason: string | null;
  createdAt: Timestamp;
  updatedAt: Timestamp;
}

export interface InvoiceLinesTable {
  id: Generated<number>;
  invoiceId: number;
  position: number;
  description: string;
  amountCents: number;
}

/** The last invoice number given in a series (`ATL-2027`). */
export interface InvoiceCountersTable {
  series: string;
  lastNumber: number;
}

export type PaymentMethod = 'card' | 'bank_transfer' | 'cash' | 'other';

/** Money received (positive) or refunded (negative) against an invoice. */
export interface PaymentsTable {
  id: Generated<number>;
  invoiceId: number;
  amountCents: number;
  method: PaymentMethod;
  reference: string | null;
  /** `YYYY-MM-DD` */
  paidOn: string;
  /** The Stripe object (payment intent, refund, dispute) it came from: one row per object. */
  stripeObjectId: string | null;
  /** `admin:{id}` or `stripe` */
  recordedBy: string;
  createdAt: Timestamp;
}

export type BillingEmailKind = 'invoice_sent' | 'receipt' | 'overdue_due' | 'overdue_week' | 'files_ready';

/** An e-mail about an invoice, sent at least once (server/email/retried-mail.ts), one per invoice and kind. */
export interface BillingEmailsTable {
  id: Generated<number>;
  invoiceId: number;
  kind: BillingEmailKind;
  attempts: Generated<number>;
  nextAttemptAt: string;
  lastError: string | null;
  sentAt: string | null;
  createdAt: Timestamp;
}

/** A Stripe webhook event applied once, by its id. */
export interface StripeEventsTable {
  id: string;
  type: string;
  receivedAt: Timestamp;
  /** A refund or dispute that came before its payment: the payment intent it waits for (null once applied). */
  waitingFor: string | null;
  /** The waiting event as Stripe signed it (JSON), to apply once its payment is recorded. */
  payload: string | null;
}

/** A Checkout Session the server made: what it asked the client to pay. */
export interface StripeCheckoutsTable {
  /** Stripe's session id (`cs_...`). */
  id: string;
  invoiceId: number;
  amountCents: number;
  /** The invoice's currency, as the invoice writes it (`USD`). */
  currency: string;
  createdAt: Timestamp;
}

/** A payment intent an event named: its row is the lock its payment, refunds and disputes take in turn. */
export interface StripePaymentIntentsTable {
  id: string;
  lastEventAt: Timestamp;
}

export interface Database {
  samples: SamplesTable;
  contactSubmissions: ContactSubmissionsTable;
  sessions: SessionsTable;
  adminUsers: AdminUsersTable;
  passwordResetTokens: PasswordResetTokensTable;
  rateLimits: RateLimitsTable;
  adminTwoFactor: AdminTwoFactorTable;
  adminRecoveryCodes: AdminRecoveryCodesTable;
  contactNotices: ContactNoticesTable;
  contactSettings: ContactSettingsTable;
  uploadedObjects: UploadedObjectsTable;
  completedOnce: CompletedOnceTable;
  siteContentVersions: SiteContentVersionsTable;
  siteContentDrafts: SiteContentDraftsTable;
  siteImages: SiteImagesTable;
  samplePlaysDaily: SamplePlaysDailyTable;
  multipartUploads: MultipartUploadsTable;
  projects: ProjectsTable;
  projectFiles: ProjectFilesTable;
  projectUploads: ProjectUploadsTable;
  projectActivity: ProjectActivityTable;
  clientSignInLinks: ClientSignInLinksTable;
  clientSessions: ClientSessionsTable;
  projectEmails: ProjectEmailsTable;
  dailyTaskRuns: DailyTaskRunsTable;
  projectTracks: ProjectTracksTable;
  trackVersions: TrackVersionsTable;
  versionComments: VersionCommentsTable;
  revisionRequests: RevisionRequestsTable;
  projectCollaborators: ProjectCollaboratorsTable;
  reviewLinks: ReviewLinksTable;
  reviewLinkAccesses: ReviewLinkAccessesTable;
  bookings: BookingsTable;
  bookingDays: BookingDaysTable;
  bookingHolders: BookingHoldersTable;
  bookingSettings: BookingSettingsTable;
  bookingFeed: BookingFeedTable;
  bookingBusyTimes: BookingBusyTimesTable;
  bookingEmails: BookingEmailsTable;
  invoices: InvoicesTable;
  invoiceLines: InvoiceLinesTable;
  invoiceCounters: InvoiceCountersTable;
  payments: PaymentsTable;
  stripeEvents: StripeEventsTable;
  stripeCheckouts: StripeCheckoutsTable;
  stripePaymentIntents: StripePaymentIntentsTable;
  billingEmails: BillingEmailsTable;
}

export type Sample = Selectable<SamplesTable>;
export type ContactSubmission = Selectable<ContactSubmissionsTable>;
export type Booking = Selectable<BookingsTable>;
export type Invoice = Selectable<InvoicesTable>;
export type InvoiceLine = Selectable<InvoiceLinesTable>;
export type Payment = Selectable<PaymentsTable>;
export type AdminUser = Selectable<AdminUsersTable>;

import type { Database } from '#server/db/schema.ts';

/*
 * Every table has one owner: the folder under server/ whose code alone queries it (with
 * server/flows/, where a use case that spans capabilities lives). Another capability that needs
 * the rows asks the owner: a function it is handed through server/services.ts, or a flow
 * (decision 097). `table-owners.test.ts` beside this file reads the code and holds it to this map.
 */

/** The capabilities of eslint.boundaries.js, and the infrastructure folders that keep a table of their own. */
export type TableOwner =
  | 'auth'
  | 'billing'
  | 'booking'
  | 'contact'
  | 'insights'
  | 'projects'
  | 'proposals'
  | 'samples'
  | 'site-content'
  | 'uploads'
  | 'db'
  | 'rate-limits';

/** Typed over the Database interface: a table added without an owner, or an owner of no table, does not compile. */
export const TABLE_OWNERS: Readonly<Record<keyof Database, TableOwner>> = {
  adminUsers: 'auth',
  staffInvitations: 'auth',
  staffNoticeOptOuts: 'auth',
  adminTwoFactor: 'auth',
  adminRecoveryCodes: 'auth',
  sessions: 'auth',
  staffRoleSettings: 'auth',
  passwordResetTokens: 'auth',
  auditEntries: 'auth',

  proposals: 'proposals',
  proposalSignatures: 'proposals',
  proposalTemplates: 'proposals',
  proposalEmails: 'proposals',

  invoices: 'billing',
  invoiceLines: 'billing',
  invoiceCounters: 'billing',
  payments: 'billing',
  stripeEvents: 'billing',
  stripeCheckouts: 'billing',
  stripePaymentIntents: 'billing',
  billingEmails: 'billing',
  cardDisputes: 'billing',
  billingNotices: 'billing',
  paymentPlans: 'billing',
  paymentPlanParts: 'billing',

  bookings: 'booking',
  bookingDays: 'booking',
  bookingHolders: 'booking',
  bookingSettings: 'booking',
  bookingFeed: 'booking',
  bookingBusyTimes: 'booking',
  bookingEmails: 'booking',

  insightEvents: 'insights',
  insightSalts: 'insights',
  insightDaily: 'insights',
  insightRollups: 'insights',
  insightSettings: 'insights',

  contactSubmissions: 'contact',
  contactNotices: 'contact',
  contactSettings: 'contact',
  newsletterSubscribers: 'contact',

  projects: 'projects',
  projectFiles: 'projects',
  projectUploads: 'projects',
  projectActivity: 'projects',
  projectEmails: 'projects',
  projectCollaborators: 'projects',
  projectEmailMutes: 'projects',
  projectEngineers: 'projects',
  clientSignInLinks: 'projects',
  clientSessions: 'projects',
  projectTracks: 'projects',
  trackVersions: 'projects',
  versionComments: 'projects',
  revisionRequests: 'projects',
  reviewLinks: 'projects',
  reviewLinkAccesses: 'projects',

  samples: 'samples',
  samplePlaysDaily: 'samples',
  uploadedObjects: 'samples',
  // Its one job today is the first-run demo seed of the samples.
  completedOnce: 'samples',

  siteContentVersions: 'site-content',
  siteContentDrafts: 'site-content',
  siteImages: 'site-content',

  multipartUploads: 'uploads',

  // The once-a-day claim every capability's daily task takes (server/db/daily-task.ts).
  dailyTaskRuns: 'db',
  // The counters of every limit (server/rate-limits/rate-limit.ts), and the readiness probe's row.
  rateLimits: 'rate-limits',
};

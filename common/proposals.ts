import { cents, taxPercent } from './billing/invoices.ts';
import { dueRuleSchema, type DueRule } from './billing/payment-plan.ts';
import { calendarDateSchema } from './calendar-date.ts';
import { emailAddressField } from './email-address.ts';
import { recordIdSchema } from './record-id.ts';
import { line, paragraphs } from './site-content/fields.ts';
import { packageKeySchema } from './site-content/packages.ts';
import type { PricedPackage, ProposalQuote } from './proposal-quote.ts';
import { z } from './zod.ts';

/*
 * Proposals (issue 40, decision 114): the one document a client reads, signs and pays the deposit
 * of, after which the work begins. The owner sets songs × a package, extras, options the client may
 * choose among, tax, a discount and the payment plan; every amount is worked out here from the
 * package records, in integer cents, by the server (the client's page only recomputes what it shows
 * while a choice changes, with the same function).
 */

export const PROPOSAL_LIMITS = { title: 120, clientName: 100, artistName: 100, message: 4000, songs: 100, extras: 20, options: 8 } as const;

/** How long a sent proposal stays open when the owner sets no date. */
export const DEFAULT_PROPOSAL_DAYS = 14;

const optionKey = z
  .string({ error: 'Option key is required' })
  .trim()
  .regex(/^[a-z0-9][a-z0-9-]{0,39}$/, 'Option key must be lowercase letters, digits and dashes');

export const extraLineSchema = z.strictObject({
  label: line('Extra', 120),
  amountCents: cents('Extra amount'),
});
export type ExtraLine = z.infer<typeof extraLineSchema>;

/**
 * An option the client may pick: another package in place of the proposal's (`packageKey`, its
 * price per song from the records unless `amountCents` sets one), or an add-on of `amountCents`.
 */
export const proposalOptionSchema = z
  .strictObject({
    key: optionKey,
    label: line('Option', 120),
    packageKey: packageKeySchema.optional(),
    amountCents: cents('Option amount').optional(),
  })
  .refine((option) => option.packageKey !== undefined || option.amountCents !== undefined, {
    error: 'An option is another package or an add-on with an amount',
    path: ['amountCents'],
  });
export type ProposalOption = z.infer<typeof proposalOptionSchema>;

const fields = {
  clientName: line('Client name', PROPOSAL_LIMITS.clientName),
  clientEmail: emailAddressField('Client e-mail'),
  /** The band or artist the work is for, when it is not the client's own name. */
  artistName: line('Artist or band', PROPOSAL_LIMITS.artistName, { min: 0 }),
  title: line('Title', PROPOSAL_LIMITS.title),
  packageKey: packageKeySchema,
  songs: z
    .number({ error: 'Songs must be a number' })
    .int('Songs must be a whole number')
    .min(1, 'At least one song')
    .max(PROPOSAL_LIMITS.songs, `At most ${PROPOSAL_LIMITS.songs} songs`),
  extras: z.array(extraLineSchema).max(PROPOSAL_LIMITS.extras, `At most ${PROPOSAL_LIMITS.extras} extras`),
  options: z.array(proposalOptionSchema).max(PROPOSAL_LIMITS.options, `At most ${PROPOSAL_LIMITS.options} options`),
  depositPercent: z
    .number({ error: 'Deposit must be a percent' })
    .int('Deposit must be a whole percent')
    .min(0, 'Deposit must be 0 to 100 %')
    .max(100, 'Deposit must be 0 to 100 %'),
  balanceDue: dueRuleSchema,
  depositGatesUploads: z.boolean({ error: 'depositGatesUploads must be true or false' }),
  taxPercent,
  discountCents: cents('Discount'),
  message: paragraphs('Message', PROPOSAL_LIMITS.message, { min: 0 }),
  expiresOn: calendarDateSchema('Expires on').nullable(),
  bookingId: recordIdSchema('bookingId must be a booking id').nullable(),
  contactSubmissionId: recordIdSchema('contactSubmissionId must be an enquiry id').nullable(),
  projectId: recordIdSchema('projectId must be a project id').nullable(),
};

const uniqueOptionKeys = (options: readonly ProposalOption[] | undefined) =>
  options === undefined || new Set(options.map((option) => option.key)).size === options.length;

/** `POST /api/admin/proposals`. */
export const createProposalSchema = z
  .strictObject({
    ...fields,
    artistName: fields.artistName.default(''),
    extras: fields.extras.default([]),
    options: fields.options.default([]),
    balanceDue: fields.balanceDue.default({ rule: 'before_delivery' }),
    depositGatesUploads: fields.depositGatesUploads.default(false),
    taxPercent: fields.taxPercent.default(0),
    discountCents: fields.discountCents.default(0),
    message: fields.message.default(''),
    expiresOn: fields.expiresOn.default(null),
    bookingId: fields.bookingId.default(null),
    contactSubmissionId: fields.contactSubmissionId.default(null),
    projectId: fields.projectId.default(null),
  })
  .refine((input) => uniqueOptionKeys(input.options), { error: 'Two options cannot share a key', path: ['options'] });
export type CreateProposalInput = z.output<typeof createProposalSchema>;

/** `PATCH /api/admin/proposals/{id}`: any field of a draft (a sent proposal is withdrawn or duplicated instead). */
export const updateProposalSchema = z
  .strictObject(fields)
  .partial()
  .refine((input) => uniqueOptionKeys(input.options), { error: 'Two options cannot share a key', path: ['options'] });

/** `POST /api/proposals/{token}/accept`: the options chosen and the name typed as the signature. */
export const acceptProposalSchema = z.strictObject({
  optionKeys: z.array(optionKey).max(PROPOSAL_LIMITS.options, 'Too many options').default([]),
  signatureName: line('Your name', 100),
});

/** A template per package: what a typical proposal holds, so a quote takes a minute. */
export const proposalTemplateSchema = z
  .strictObject({
    name: line('Template name', 80),
    packageKey: fields.packageKey,
    songs: fields.songs,
    extras: fields.extras.default([]),
    options: fields.options.default([]),
    depositPercent: fields.depositPercent,
    balanceDue: fields.balanceDue.default({ rule: 'before_delivery' }),
    depositGatesUploads: fields.depositGatesUploads.default(false),
    taxPercent: fields.taxPercent.default(0),
    message: fields.message.default(''),
    validDays: z
      .number({ error: 'Valid days must be a number' })
      .int('Valid days must be whole days')
      .min(1, 'Valid for 1 to 365 days')
      .max(365, 'Valid for 1 to 365 days')
      .default(DEFAULT_PROPOSAL_DAYS),
  })
  .refine((input) => uniqueOptionKeys(input.options), { error: 'Two options cannot share a key', path: ['options'] });
export type ProposalTemplateInput = z.output<typeof proposalTemplateSchema>;

export interface ProposalTemplateView extends ProposalTemplateInput {
  id: number;
}

// ——— what the API answers ———

export const PROPOSAL_STATES = ['draft', 'sent', 'viewed', 'accepted', 'withdrawn', 'expired'] as const;
export type ProposalState = (typeof PROPOSAL_STATES)[number];

export const PROPOSAL_STATE_LABELS: Record<ProposalState, string> = {
  draft: 'Draft',
  sent: 'Sent',
  viewed: 'Viewed',
  accepted: 'Accepted',
  withdrawn: 'Withdrawn',
  expired: 'Expired',
};

export interface ProposalSignatureView {
  signatureName: string;
  signedAt: string;
  ipAddress: string;
  userAgent: string;
  agreementSha256: string;
  optionKeys: string[];
  totalCents: number;
}

/** `GET /api/admin/proposals/{id}`. */
export interface AdminProposalView extends CreateProposalInput {
  id: number;
  state: ProposalState;
  currency: string;
  /** The sums with no option chosen. */
  quote: ProposalQuote | null;
  totalCents: number;
  /** The client's link (`/p/{token}`), once sent. */
  url: string | null;
  sentAt: string | null;
  firstViewedAt: string | null;
  viewCount: number;
  acceptedAt: string | null;
  withdrawnAt: string | null;
  createdAt: string;
  updatedAt: string;
  signature: ProposalSignatureView | null;
  /** The project the acceptance made or updated. */
  acceptedProjectId: number | null;
  /** Asked for by a visitor from the site's start page: what they wrote with it (decision 115); null when the owner made it. */
  requestNote: string | null;
}

export interface ProposalListItem {
  id: number;
  title: string;
  clientName: string;
  clientEmail: string;
  state: ProposalState;
  totalCents: number;
  currency: string;
  sentAt: string | null;
  expiresOn: string | null;
  updatedAt: string;
}

/** What the client's page shows: the proposal, its sums per choice, the agreement, and where it stands. */
export interface ClientProposalView {
  state: 'open' | 'accepted' | 'withdrawn' | 'expired';
  title: string;
  clientName: string;
  artistName: string;
  message: string;
  studioName: string;
  currency: string;
  songs: number;
  packageKey: string;
  packages: PricedPackage[];
  /** What each package includes (for the chosen one's list). */
  included: Record<string, { included: string[]; revisions: string; turnaround: string }>;
  extras: ExtraLine[];
  options: ProposalOption[];
  depositPercent: number;
  taxPercent: number;
  discountCents: number;
  balanceDue: DueRule;
  depositGatesUploads: boolean;
  expiresOn: string | null;
  agreementTitle: string;
  /** The agreement's text as it will be signed (Markdown subset): its hash is what the signature records. */
  agreementText: string;
  /** Whether cards are taken (Checkout), or the transfer instructions follow. */
  cardPayments: boolean;
  paymentInstructions: string;
  /** Once signed: who and when, and what they chose (the package, the add-ons' labels) for what total. */
  signature: { signatureName: string; signedAt: string; packageKey: string; optionLabels: string[]; totalCents: number } | null;
}

/** What the agreement is called on the client's page, in the PDF and in the signature record. */
export const AGREEMENT_TITLE = 'Service agreement';

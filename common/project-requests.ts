import { emailAddressField } from './email-address.ts';
import { PROPOSAL_LIMITS, type ExtraLine } from './proposals.ts';
import { quoteProposal, type ProposalQuote } from './proposal-quote.ts';
import { line, paragraphs } from './site-content/fields.ts';
import { MAX_PACKAGE_EXTRAS, packageExtraKey, packageKeySchema, type PackageExtra } from './site-content/packages.ts';
import { z } from './zod.ts';

/*
 * A project started from the site (issue 40, decision 115): the visitor picks a package, the songs
 * and the package's extras, and either asks for a proposal or, where the owner allows it for that
 * package, signs and pays the deposit at once. Amounts never come from the browser: the request
 * names the package and the extras, and the sums are the proposals' own (common/proposal-quote.ts),
 * worked out from the package records by the server and, to show the total live, by the page.
 */

export const PROJECT_REQUEST_LIMITS = { name: 100, note: 2000, songs: PROPOSAL_LIMITS.songs } as const;

const extraKey = z.string({ error: 'Each extra must be named' }).regex(/^[a-z0-9][a-z0-9-]{0,39}$/, 'Choose the extras from the list');

/** `POST /api/project-requests` (and the start page's form, its fields read the same way). */
export const projectRequestSchema = z.object({
  packageKey: packageKeySchema,
  songs: z
    .number({ error: 'Songs must be a number' })
    .int('Songs must be a whole number')
    .min(1, 'At least one song')
    .max(PROJECT_REQUEST_LIMITS.songs, `At most ${PROJECT_REQUEST_LIMITS.songs} songs`),
  extras: z
    .array(extraKey, { error: 'Extras must be a list' })
    .max(MAX_PACKAGE_EXTRAS, `At most ${MAX_PACKAGE_EXTRAS} extras`)
    .refine((keys) => new Set(keys).size === keys.length, 'Choose each extra once')
    .default([]),
  name: line('Your name', PROJECT_REQUEST_LIMITS.name).refine((name) => name.length >= 2, 'Your name must be at least 2 characters'),
  email: emailAddressField('E-mail'),
  note: paragraphs('Note', PROJECT_REQUEST_LIMITS.note, { min: 0 }).default(''),
});
export type ProjectRequest = z.output<typeof projectRequestSchema>;

/** What the start page and the sums read of a package. */
export interface StartPackage {
  key: string;
  name: string;
  /** Whole dollars per song. */
  price: number;
  priceNote: string;
  instantBooking: boolean;
  extras: PackageExtra[];
}

export type RequestQuote = { kind: 'quote'; quote: ProposalQuote; extras: ExtraLine[] } | { kind: 'unknown-extra'; key: string };

/**
 * The request's sums: songs × the package, plus the extras chosen at their flat prices, split by the
 * studio's deposit share as a proposal is (no tax, no discount: the owner adds those to a draft).
 */
export function quoteProjectRequest(
  pkg: StartPackage,
  request: { songs: number; extras: readonly string[] },
  depositPercent: number,
): RequestQuote {
  const extras: ExtraLine[] = [];
  for (const key of request.extras) {
    const extra = pkg.extras.find((candidate) => packageExtraKey(candidate.label) === key);
    if (!extra) return { kind: 'unknown-extra', key };
    extras.push({ label: extra.label, amountCents: extra.price * 100 });
  }
  const quoted = quoteProposal(
    { packageKey: pkg.key, songs: request.songs, extras, options: [], depositPercent, taxPercent: 0, discountCents: 0 },
    [{ key: pkg.key, name: pkg.name, price: pkg.price }],
  );
  // The package is the one priced, so the sums always exist.
  if (quoted.kind === 'problem') throw new Error(`the package ${pkg.key} could not be priced`);
  return { kind: 'quote', quote: quoted.quote, extras };
}

/** What the API answers: asked (the owner sends the proposal) or booked at once (the proposal's page to sign and pay). */
export type ProjectRequestAnswer =
  | { kind: 'requested'; totalCents: number; currency: string; message: string }
  | { kind: 'instant'; totalCents: number; currency: string; url: string };

/** What a visitor who asked is told, on the page and in the API's answer. */
export const REQUESTED_MESSAGE =
  "Thank you: we have your request. We'll check the details and send you a proposal by e-mail to read, sign and pay the deposit.";

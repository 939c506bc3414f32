import { line } from './site-content/fields.ts';
import { z } from './zod.ts';

/*
 * Review links (docs/decisions/082-review-links.md): the studio shares one track with anyone who has
 * the link, to listen and comment, without a portal account. Shared by the admin, the listener's page
 * and the server.
 */

/** The longest a link may stay open: a year, then the studio makes a new one. */
export const REVIEW_LINK_MAX_DAYS = 366;
export const REVIEW_LINK_PASSWORD_MIN = 6;
export const LISTENER_NAME_MAX = 60;
/** What every comment written through a link carries after its author's name, so the studio can tell. */
export const VIA_REVIEW_LINK = '(via review link)';

/** POST /api/admin/projects/{id}/tracks/{trackId}/review-links. */
export const createReviewLinkSchema = z.strictObject({
  password: z
    .string({ error: 'The password must be text' })
    .min(REVIEW_LINK_PASSWORD_MIN, `A password needs at least ${REVIEW_LINK_PASSWORD_MIN} characters`)
    .max(200, 'A password holds at most 200 characters')
    .nullable()
    .optional(),
  expiresAt: z.iso
    .datetime({ offset: true, error: 'expiresAt must be a date and time (ISO 8601)' })
    .refine((value) => Date.parse(value) > Date.now(), 'The expiry must be in the future')
    .refine(
      (value) => Date.parse(value) <= Date.now() + REVIEW_LINK_MAX_DAYS * 24 * 60 * 60 * 1000,
      'A link may stay open for a year at most',
    )
    .nullable()
    .optional(),
  /** The listener hears the watermarked copy: a short chime every 30 s, 20 dB below the music (decision 101). */
  watermark: z.boolean({ error: 'watermark must be true or false' }).optional(),
});
export type CreateReviewLinkInput = z.output<typeof createReviewLinkSchema>;

/** The name a listener signs their comments with. */
export const listenerNameSchema = line('Your name', LISTENER_NAME_MAX);

/** POST /api/listen/{token}/unlock. */
export const unlockReviewLinkSchema = z.strictObject({
  password: z.string({ error: 'Enter the password' }).min(1, 'Enter the password').max(200, 'Enter the password'),
});

/** What the owner sees of a link. */
export interface ReviewLinkView {
  id: number;
  createdAt: string;
  expiresAt: string | null;
  hasPassword: boolean;
  /** The listener hears the watermarked copy. */
  watermark: boolean;
  revokedAt: string | null;
  lastOpenedAt: string | null;
  opens: number;
  /** Rows of its access log, by kind (the last 180 days). */
  streams: number;
  comments: number;
  failedPasswords: number;
}

/** POST …/review-links: the link itself is only ever shown here, once. */
export interface CreatedReviewLink {
  id: number;
  url: string;
}

/** The name a comment shows: one written through a review link says so (its author key starts `link:`). */
export function commentAuthorName(authorKey: string, authorName: string | null): string | null {
  return authorKey.startsWith('link:') && authorName ? `${authorName} ${VIA_REVIEW_LINK}` : authorName;
}

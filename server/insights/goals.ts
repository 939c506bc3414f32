import { sql, type Kysely } from 'kysely';
import type { Database } from '#server/db/schema.ts';

/**
 * The visitor behind a goal, as its request showed them: the same facts a page view is hashed from
 * (decision 106), so the goal joins that day's visit. Express's `req.headers` and a loader's
 * `Request.headers` both fit (`headersOf`). `null` when no visitor's request made the goal (the
 * studio marked an invoice paid, Stripe reported a card payment, the studio sent a proposal).
 */
export interface GoalVisit {
  headers: Readonly<Record<string, string | string[] | undefined>>;
  /** The client address after the trusted proxies; only hashed, never stored. */
  address: string;
}

/** A loader's or action's `Request.headers` in the shape the visitor rules read (lower-case names). */
export const headersOf = (headers: Headers): Record<string, string> => Object.fromEntries(headers.entries());

/** A goal with no visit behind it: no source, no landing page. */
export const NO_VISIT_SOURCE = 'none';

/** What a goal row is credited with: its visit's source, referrer, campaign and landing page. */
export interface GoalCredit {
  source: string;
  referrerDomain: string | null;
  campaign: string | null;
  /** The visit's landing page (`''` when the visit has no counted page view). */
  path: string;
}

/**
 * The visit a goal belongs to is the visitor's views that day, credited as "last non-direct click"
 * does: the last view that brought them in from a search, a site or a campaign (its source, campaign
 * and page); else the last that brought them in at all (typed in, a bookmark); else their last view;
 * else no counted page (source `none`). A visitor who came from a search and later typed the address
 * again is still the search's. Read when the goal is written, after the batch's views, so a view and
 * the goal it led to in the same five seconds are joined.
 */
export async function creditOf(db: Kysely<Database>, goal: { day: string; visitor: string }): Promise<GoalCredit> {
  const view = await db
    .selectFrom('insightEvents')
    .select(['source', 'referrerDomain', 'campaign', 'path'])
    .where('day', '=', goal.day)
    .where('kind', '=', 'view')
    .where('visitor', '=', goal.visitor)
    .orderBy('entry', 'desc')
    .orderBy(sql`case when source = 'direct' then 0 else 1 end`, 'desc')
    .orderBy('occurredAt', 'desc')
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
  return view ?? { source: NO_VISIT_SOURCE, referrerDomain: null, campaign: null, path: '' };
}

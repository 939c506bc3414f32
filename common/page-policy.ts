/*
 * How the server answers a page, declared on the routes (a route module's `handle`) and read by
 * server/http/pages.ts from the matched routes of the build: not by path strings (decision 098).
 */

/** What a route says about how its page may be kept and passed on. */
export interface PagePolicy {
  /** false: rendered per request and answered `private, no-store`, never from the shared page cache. */
  shared?: boolean;
  /**
   * The address holds a secret (a token): the page is sent with no referrer and never indexed, and the
   * canonical-path redirect keeps its case.
   */
  secretInAddress?: boolean;
  /** A page for the site's visitors: its views are counted in the owner's statistics (decision 106). */
  visitorPage?: boolean;
  /**
   * Shared at its bare address only: with a query string (the steps of a form without JavaScript) it
   * is rendered per request, `private, no-store` (the booking picker, issue 46).
   */
  queryIsPersonal?: boolean;
}

/** The policy of a page once every matched route has said its part. */
export type PageAnswerPolicy = Required<PagePolicy>;

/** A page no route says anything about: one copy for every visitor (the public pages). */
export const SHARED_PAGE: PageAnswerPolicy = { shared: true, secretInAddress: false, visitorPage: true, queryIsPersonal: false };

/** The policies routes declare, by name. */
export const PAGE_POLICIES = {
  /** A space of one person (the admin, a client). */
  private: { shared: false, secretInAddress: false, visitorPage: false, queryIsPersonal: false },
  /**
   * A visitors' page whose steps live in its query string (the booking picker): one shared copy at its
   * bare address, made again on every change (a booking, the owner's settings) and every minute;
   * with a query, rendered per request. Counted like the others.
   */
  sharedUntilAsked: { shared: true, secretInAddress: false, visitorPage: true, queryIsPersonal: true },
  /** A page whose address is its key: a review link, a booking's e-mailed links. Private too, never counted. */
  secretAddress: { shared: false, secretInAddress: true, visitorPage: false, queryIsPersonal: false },
} as const satisfies Record<string, PageAnswerPolicy>;

/** What a route's `handle` may say. */
export interface PageHandle {
  /** true: served as islands (decision 059); false: hydrated by React Router even below a route that says true. */
  islands?: boolean;
  /**
   * How the page is answered. It holds for the route's address and every address below it, unknown
   * paths too (a layout without a path: its pages' addresses); where several routes speak, the one
   * with the longer path, then the deeper one, has the last word.
   */
  page?: PagePolicy;
}

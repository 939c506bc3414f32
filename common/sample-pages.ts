import type { PublicSample } from './samples.ts';

/*
 * The public portfolio a page at a time (issue 46): with a thousand samples one page held 6.6 MB of
 * HTML. Plain code, no zod: the list's island and the page's links import it.
 */

/** Samples on one page of /samples (and of GET /api/samples/page/:page). */
export const SAMPLES_PER_PAGE = 20;

/** One page of the public list, with what its links need. */
export interface SamplesPage {
  samples: PublicSample[];
  /** 1-based. */
  page: number;
  /** At least 1: an empty portfolio is one empty page. */
  pageCount: number;
  total: number;
}

/** The address of a page of the portfolio: the first is /samples itself. */
export const samplesPagePath = (page: number) => (page <= 1 ? '/samples' : `/samples/page/${page}`);

/** Where the list of a page comes from when the first HTML could not carry it. */
export const samplesPageApiPath = (page: number) => `/api/samples/page/${page}`;

/**
 * A page number as written in an address: digits without a leading zero, in a range no portfolio
 * reaches; anything else is no page (a 404), so `/samples/page/01` is not a second copy of a page.
 */
export function pageNumberFrom(value: string | undefined): number | null {
  if (value === undefined) return 1;
  return /^[1-9]\d{0,5}$/.test(value) ? Number(value) : null;
}

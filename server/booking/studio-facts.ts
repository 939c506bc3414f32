import type { OpeningHours } from '#common/site-content/opening-hours.ts';

/** The studio's facts a booking uses, from the site content (one source: the owner's Studio section). */
export interface StudioFacts {
  name: string;
  email: string;
  hours: OpeningHours;
  /** The street address and city as one line; empty when the owner has not given a street address. */
  address: string;
}

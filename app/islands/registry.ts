import type { ComponentType } from 'react';
import { ISLAND, type IslandName } from './island-names.ts';

/**
 * Every island a public page can hold, by name, with the code the browser fetches to hydrate it.
 * The server renders the same components (imported where they are used); `<Island name>` takes a
 * name of island-names.ts, each of which has its entry here, and the build fails on an entry whose
 * module is in no chunk.
 */
// Props are checked where the island is placed (Island's generic); here any component will do.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyComponent = ComponentType<any>;

export const ISLANDS = {
  [ISLAND.servicesMenu]: () => import('#app/components/services-menu.tsx').then((m) => m.ServicesMenu),
  [ISLAND.mobileMenu]: () => import('#app/components/mobile-menu.tsx').then((m) => m.MobileMenu),
  [ISLAND.heroVisual]: () => import('#app/features/marketing/hero-image.tsx').then((m) => m.HeroVisual),
  [ISLAND.featuredSamples]: () => import('#app/features/samples/featured-samples.tsx').then((m) => m.FeaturedSamples),
  [ISLAND.samplesList]: () => import('#app/features/samples/samples-list.tsx').then((m) => m.SamplesList),
  [ISLAND.contactForm]: () => import('#app/features/contact/contact-form.tsx').then((m) => m.ContactForm),
  [ISLAND.bookingCalendar]: () => import('#app/features/booking/booking-calendar.tsx').then((m) => m.BookingCalendar),
  [ISLAND.bookingReschedule]: () => import('#app/features/booking/reschedule-move.tsx').then((m) => m.RescheduleMove),
  [ISLAND.proposalAccept]: () => import('#app/features/proposals/proposal-accept.tsx').then((m) => m.ProposalAccept),
  [ISLAND.startForm]: () => import('#app/features/start/start-form.tsx').then((m) => m.StartForm),
  [ISLAND.embedFacade]: () => import('#app/features/pages/embed-facade.tsx').then((m) => m.EmbedFacade),
} satisfies Record<IslandName, () => Promise<AnyComponent>>;

export type { IslandName };

import type { ComponentType } from 'react';

/**
 * Every island a public page can hold, by name, with the code the browser fetches to hydrate it.
 * The server renders the same components (imported where they are used); `<Island name>` only takes
 * a name from here (IslandName), and the build fails on an entry whose module is in no chunk.
 */
// Props are checked where the island is placed (Island's generic); here any component will do.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyComponent = ComponentType<any>;

export const ISLANDS = {
  'services-menu': () => import('#app/components/services-menu.tsx').then((m) => m.ServicesMenu),
  'mobile-menu': () => import('#app/components/mobile-menu.tsx').then((m) => m.MobileMenu),
  'hero-visual': () => import('#app/features/marketing/hero-image.tsx').then((m) => m.HeroVisual),
  'featured-samples': () => import('#app/features/samples/featured-samples.tsx').then((m) => m.FeaturedSamples),
  'samples-list': () => import('#app/features/samples/samples-list.tsx').then((m) => m.SamplesList),
  'contact-form': () => import('#app/features/contact/contact-form.tsx').then((m) => m.ContactForm),
  'booking-calendar': () => import('#app/features/booking/booking-calendar.tsx').then((m) => m.BookingCalendar),
  'booking-reschedule': () => import('#app/features/booking/reschedule-move.tsx').then((m) => m.RescheduleMove),
} satisfies Record<string, () => Promise<AnyComponent>>;

export type IslandName = keyof typeof ISLANDS;

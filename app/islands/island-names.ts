/**
 * Each island's name, stated once: the registry (registry.ts) keys its code by it, and every
 * `<Island name>` takes it from here. The name travels in the page as `data-island`.
 */
export const ISLAND = {
  servicesMenu: 'services-menu',
  mobileMenu: 'mobile-menu',
  heroVisual: 'hero-visual',
  featuredSamples: 'featured-samples',
  samplesList: 'samples-list',
  contactForm: 'contact-form',
  bookingCalendar: 'booking-calendar',
  bookingReschedule: 'booking-reschedule',
  proposalAccept: 'proposal-accept',
  startForm: 'start-form',
  embedFacade: 'embed-facade',
} as const;

export type IslandName = (typeof ISLAND)[keyof typeof ISLAND];

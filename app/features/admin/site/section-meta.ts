import type { SiteSection } from '#common/site-content/sections.ts';

/** How the Site area names each section, in the order its navigation lists them. */
export const SECTION_LABELS: Record<SiteSection, string> = {
  studio: 'Studio',
  packages: 'Packages & prices',
  about: 'About',
  testimonials: 'Testimonials',
  faq: 'FAQ',
  policies: 'Policies',
  hero: 'Home hero',
  brand: 'Brand',
  process: 'Process',
  home: 'Home page',
  services: 'Services',
  billing: 'Billing',
  agreement: 'Service agreement',
  announcement: 'Announcement bar',
  newsletter: 'Newsletter',
  navigation: 'Menus',
  pages: 'Pages',
};

export const SECTION_INTROS: Record<SiteSection, string> = {
  studio: 'Name, contact details, opening hours and social profiles: the header, footer, contact page and search results show them.',
  packages:
    'Each package once: its price, what it includes, its revisions and turnaround. Every page and new projects read them from here.',
  about: 'The founder, the biography, the three numbers and the credits of the About page.',
  testimonials: 'Quotes from artists, shown on the home and About pages when there is at least one.',
  faq: 'The questions and answers of the contact page, in the order shown here.',
  policies: 'The privacy policy and the terms of service, with the dates they take effect.',
  hero: 'The first screen of the home page.',
  brand: 'Your logo, the favicon browsers show in tabs, and the accent colour of buttons, links and highlights.',
  process: 'The Process page: its steps, quality standards and timeline, and how to prepare files (shown on the home page and to clients).',
  home: 'The blocks of the home page after the hero: their words, whether each shows, and their order.',
  services:
    'What the studio offers, each with a page of its own: the menu, the footer, the services page and the sitemap list the shown ones.',
  billing:
    'Invoice numbers, the deposit before work starts, the days to pay, whether masters wait for payment, and how to pay without a card.',
  agreement:
    'The terms a client reads and signs with each proposal. A proposal keeps the exact text it was signed with; ' +
    'changes here apply to new proposals.',
  announcement: 'One line above the menu of every public page, between the days you set (in the studio’s time zone).',
  newsletter: 'A “notify me” sign-up in the footer: visitors confirm by e-mail, and leave with one click.',
  navigation: 'The links of the header (the phone menu shows the same) and the columns of the footer.',
  pages:
    'Pages of your own (credits, gear, a rate card) at an address you choose, made of blocks. Link them from the menu; ' +
    'hidden pages answer nobody.',
};

/** "Nov 23, 2026, 7:21 PM" in the owner's own time zone. */
export function formatSavedAt(iso: string): string {
  return new Date(iso).toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short' });
}

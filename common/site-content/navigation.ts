import { isWebUrl, line } from './fields.ts';
import { SERVICE_SLUG_PATTERN } from './services.ts';
import { z } from '#common/zod.ts';

/*
 * The header and footer menus as content (issue 44). Each item is a label, a target and, at the
 * top level only, items of its own. A target is one string:
 * - a page of the site ("/", "/about", "/services/mixing-mastering"), optionally with an anchor
 *   ("/process#timeline"); any other "/{slug}" is a page of the owner's own;
 * - "https://..." for an address outside the site;
 * - VISIBLE_SERVICES ("/services/*") for every shown service, in the services' order, so a hidden
 *   service leaves the menu by itself (decision 120);
 * - "" for an item that only groups others (a dropdown or a footer column with no page of its own).
 */

/** The child that stands for every shown service. */
export const VISIBLE_SERVICES = '/services/*';

/** The site's own pages a menu can link, as the editor offers them. */
export const SITE_PAGE_TARGETS = [
  { target: '/', label: 'Home' },
  { target: '/services', label: 'Services' },
  { target: '/process', label: 'Process' },
  { target: '/samples', label: 'Samples' },
  { target: '/about', label: 'About' },
  { target: '/contact', label: 'Contact' },
  { target: '/book', label: 'Book a consultation' },
  { target: '/privacy-policy', label: 'Privacy Policy' },
  { target: '/terms-of-service', label: 'Terms of Service' },
] as const;

/**
 * First path segments that are not pages a visitor reads: the API, built assets, stored files, the
 * operators' endpoints and the signed-in areas. A menu never links them.
 */
const NOT_PAGES = new Set(['api', 'assets', 'objects', 'metrics', 'healthz', 'readyz', 'manage', 'portal']);

const ANCHOR = /^[A-Za-z][A-Za-z0-9_-]{0,63}$/;

export type TargetKind = 'group' | 'services' | 'outside' | 'page';

/** What a target is, or null when it is none a menu can link. */
export function targetKind(target: string): TargetKind | null {
  if (target === '') return 'group';
  if (target === VISIBLE_SERVICES) return 'services';
  if (/^https:/i.test(target)) return isWebUrl(target, { httpsOnly: true }) ? 'outside' : null;
  const [path = '', anchor, ...rest] = target.split('#');
  if (rest.length > 0 || (anchor !== undefined && !ANCHOR.test(anchor))) return null;
  if (path === '/') return 'page';
  const segments = path.split('/');
  if (segments[0] !== '' || !segments.slice(1).every((segment) => SERVICE_SLUG_PATTERN.test(segment))) return null;
  if (segments.length === 2) return NOT_PAGES.has(segments[1]!) ? null : 'page';
  return segments.length === 3 && segments[1] === 'services' ? 'page' : null;
}

const target = z
  .string({ error: 'Link to is required' })
  .max(2048, 'Link to must be at most 2048 characters')
  .refine((value) => targetKind(value) !== null, {
    message: 'Link to must be a page of the site (like /about or /about#credits), your own page (/credits) or an https:// address',
  });

const label = line('Label', 60, { min: 0 });

/** A label is needed on every item but the one that stands for the shown services (they bring their names). */
const labelled = (item: { label: string; target: string }) => item.label !== '' || item.target === VISIBLE_SERVICES;
const LABEL_REQUIRED = { message: 'Label is required', path: ['label'] };

const childSchema = z
  .strictObject({
    label,
    target,
    children: z.array(z.unknown()).max(0, 'An item under another cannot hold items: menus nest one level deep').default([]),
  })
  .refine(labelled, LABEL_REQUIRED)
  .refine((item) => item.target !== '', { message: 'Link to is required', path: ['target'] });

const itemSchema = (maxChildren: number) =>
  z
    .strictObject({
      label: line('Label', 60),
      target,
      children: z.array(childSchema).max(maxChildren, `At most ${maxChildren} items under one`).default([]),
    })
    .refine((item) => item.target !== VISIBLE_SERVICES, { message: 'The shown services go under another item', path: ['target'] })
    .refine((item) => item.target !== '' || item.children.length > 0, {
      message: 'Link to is required for an item with nothing under it',
      path: ['target'],
    });

export const navigationSchema = z.strictObject({
  header: z.array(itemSchema(20)).max(10, 'At most 10 items in the header'),
  footer: z.array(itemSchema(20)).max(6, 'At most 6 columns in the footer'),
});

export type Navigation = z.infer<typeof navigationSchema>;
export type NavigationItem = Navigation['header'][number];

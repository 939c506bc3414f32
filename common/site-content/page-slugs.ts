/*
 * Which addresses an owner's page may take, which page an address names, and what a rename leaves
 * behind (decision 119). Pure, so the editor, the API, the page loader and the tests share them.
 */

/** "credits", "gear-list": lowercase words joined by single dashes (no dots: never a file's name). */
export const PAGE_SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/**
 * The first segments the site answers already: every route of app/routes.ts, the short aliases,
 * what Express answers before the pages (the API, health, metrics, the built assets, the public
 * folder), and the addresses other parts reserve. A test checks this list against the route table
 * and the public folder, so a new route cannot be shadowed by a page.
 */
export const RESERVED_SLUGS: ReadonlySet<string> = new Set([
  // app/routes.ts
  'services',
  'process',
  'samples',
  'about',
  'contact',
  'book',
  'start',
  'privacy-policy',
  'terms-of-service',
  'listen',
  'mute',
  'p',
  'portal',
  'manage',
  // common/page-aliases.ts
  'privacy',
  'terms',
  // Express, ahead of the pages (server/app.ts, server/api)
  'api',
  'assets',
  'healthz',
  'readyz',
  'metrics',
  // Beside the API (server/api/beside-the-api.ts): audio, uploads, images, share cards, mail links
  'objects',
  'media',
  'og',
  'calendar',
  'admin',
  'proposals',
  // public/
  'images',
  // Addresses the site keeps for itself (the newsletter's links, React Router's own, the 404 page)
  'newsletter',
  'not-found',
  'index',
]);

export const isReservedSlug = (slug: string) => RESERVED_SLUGS.has(slug);

export const pagePath = (slug: string) => `/${slug}`;

interface Addressed {
  id: string;
  slug: string;
  formerSlugs: string[];
  visible: boolean;
}

export type PageLookup<P> = { kind: 'found'; page: P } | { kind: 'moved'; slug: string } | { kind: 'missing' };

/**
 * The shown page an address names; a former address of a shown page names its address today (one
 * hop: a page's former addresses all point at its current one, so no chain and no loop). A hidden
 * page is missing, and so are its former addresses.
 */
export function lookUpPage<P extends Addressed>(pages: readonly P[], slug: string): PageLookup<P> {
  const shown = pages.filter((page) => page.visible);
  const page = shown.find((candidate) => candidate.slug === slug);
  if (page) return { kind: 'found', page };
  const moved = shown.find((candidate) => candidate.formerSlugs.includes(slug) && candidate.slug !== slug);
  return moved ? { kind: 'moved', slug: moved.slug } : { kind: 'missing' };
}

/**
 * On save: a page whose address changed (known by its id) keeps the old one as a former address;
 * former addresses stored before are kept whatever was sent. An address in use by a page now is no
 * page's former one (a rename back takes it over: no loop), and a former address belongs to the page
 * that gave it up last.
 */
export function carryFormerPageSlugs<P extends Addressed>(next: readonly P[], previous: readonly P[]): P[] {
  const before = new Map(previous.map((page) => [page.id, page]));
  const current = new Set(next.map((page) => page.slug));
  const givenUp = new Map<string, string>();
  for (const page of next) {
    const old = before.get(page.id);
    if (old && old.slug !== page.slug) givenUp.set(old.slug, page.id);
  }
  return next.map((page) => {
    const stored = before.get(page.id)?.formerSlugs ?? [];
    const own = [...stored, ...page.formerSlugs, ...[...givenUp].filter(([, id]) => id === page.id).map(([slug]) => slug)];
    const kept = own.filter((slug, index) => {
      const owner = givenUp.get(slug);
      return !current.has(slug) && own.indexOf(slug) === index && (owner === undefined || owner === page.id);
    });
    return { ...page, formerSlugs: kept.slice(-20) };
  });
}

import { describe, expect, it } from 'vitest';
import { carryFormerPageSlugs, isReservedSlug, lookUpPage } from './page-slugs.ts';
import { pagesSchema } from './pages.ts';

const page = (id: string, slug: string, formerSlugs: string[] = [], visible = true) => ({ id, slug, formerSlugs, visible });

describe('an owner page’s address', () => {
  it('may not take an address the site answers already', () => {
    for (const slug of ['about', 'services', 'manage', 'portal', 'api', 'assets', 'privacy', 'p'])
      expect(isReservedSlug(slug), slug).toBe(true);
    expect(isReservedSlug('credits')).toBe(false);
    const parsed = pagesSchema.safeParse({
      pages: [
        { slug: 'about', title: 'About', visible: true, blocks: [], seo: { title: '', description: '', shareImage: null, noindex: false } },
      ],
    });
    expect(parsed.success).toBe(false);
  });

  it('keeps every former address pointing at today’s in one hop, and a rename back leaves no loop', () => {
    let pages = [page('p-1', 'credits')];
    for (const slug of ['our-credits', 'discography']) pages = carryFormerPageSlugs([{ ...pages[0]!, slug }], pages);
    expect(pages[0]!.formerSlugs).toEqual(['credits', 'our-credits']);
    expect(lookUpPage(pages, 'credits')).toEqual({ kind: 'moved', slug: 'discography' });
    expect(lookUpPage(pages, 'our-credits')).toEqual({ kind: 'moved', slug: 'discography' });

    pages = carryFormerPageSlugs([{ ...pages[0]!, slug: 'credits' }], pages);
    expect(pages[0]!.formerSlugs).toEqual(['our-credits', 'discography']);
    expect(lookUpPage(pages, 'credits').kind).toBe('found');
    expect(lookUpPage(pages, 'discography')).toEqual({ kind: 'moved', slug: 'credits' });
  });

  it('gives a former address up to a page that takes it, and hides a hidden page and its old addresses', () => {
    const before = [page('p-1', 'gear', ['studio-gear'])];
    const after = carryFormerPageSlugs([page('p-1', 'gear'), page('p-2', 'studio-gear')], before);
    expect(after[0]!.formerSlugs).toEqual([]);
    expect(lookUpPage(after, 'studio-gear').kind).toBe('found');
    const hidden = [page('p-1', 'gear', ['old-gear'], false)];
    expect(lookUpPage(hidden, 'gear').kind).toBe('missing');
    expect(lookUpPage(hidden, 'old-gear').kind).toBe('missing');
  });
});

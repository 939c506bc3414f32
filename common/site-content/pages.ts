import { checkEmbedUrl, EMBED_PROVIDERS } from '#common/embeds.ts';
import { creditSchema } from './about.ts';
import { faqEntrySchema } from './faq.ts';
import { line, paragraphs, isWebUrl } from './fields.ts';
import { imageRefSchema, type ImageRef } from './image.ts';
import { isReservedSlug, PAGE_SLUG_PATTERN } from './page-slugs.ts';
import { z } from '#common/zod.ts';

/*
 * The owner's own pages (issue 44, decision 119): each at `/{slug}`, made of blocks in the owner's
 * order. A player is stored by the provider's link and the embed address the server worked out from
 * it (common/embeds.ts), never as HTML the owner pasted.
 */

export const MAX_PAGES = 30;
export const MAX_BLOCKS = 40;

export const pageSlugSchema = z
  .string({ error: 'Address is required' })
  .trim()
  .min(1, 'Address is required')
  .max(60, 'Address must be at most 60 characters')
  .regex(PAGE_SLUG_PATTERN, 'Address must be lowercase words joined by dashes, like "credits"')
  .refine((slug) => !isReservedSlug(slug), 'This address belongs to a page of the site already: choose another');

/** Where a button leads: a path of this site ("/contact", "/credits#top") or an http(s) address. */
const linkTarget = line('Button link', 2048).refine(
  (value) => /^\/(?!\/)[A-Za-z0-9\-._~/#?=&%+]*$/.test(value) || isWebUrl(value),
  'Button link must be a path of this site (/contact) or an http(s) address',
);

const textBlock = z.strictObject({ type: z.literal('text'), body: paragraphs('Text', 20_000) });
const imageBlock = z.strictObject({ type: z.literal('image'), image: imageRefSchema, caption: line('Caption', 300, { min: 0 }) });
const galleryBlock = z.strictObject({
  type: z.literal('gallery'),
  images: z
    .array(z.strictObject({ image: imageRefSchema, caption: line('Caption', 300, { min: 0 }) }))
    .min(1, 'Add at least one image')
    .max(24, 'At most 24 images'),
});
const ctaBlock = z.strictObject({
  type: z.literal('cta'),
  title: line('Heading', 100),
  text: paragraphs('Text', 400, { min: 0 }),
  button: line('Button label', 40),
  link: linkTarget,
});
const faqBlock = z.strictObject({
  type: z.literal('faq'),
  title: line('Heading', 100, { min: 0 }),
  entries: z.array(faqEntrySchema).min(1, 'Add at least one question').max(40, 'At most 40 questions'),
});
const creditsBlock = z.strictObject({
  type: z.literal('credits'),
  title: line('Heading', 100, { min: 0 }),
  credits: z.array(creditSchema).min(1, 'Add at least one credit').max(200, 'At most 200 credits'),
});
/** The studio's testimonials (the testimonials section), under a heading of the page's own. */
const testimonialsBlock = z.strictObject({ type: z.literal('testimonials'), title: line('Heading', 100, { min: 0 }) });
/** `provider`, `embedUrl` and `link` are the server's: whatever a client sends there is worked out again from `url`. */
const embedBlock = z
  .strictObject({
    type: z.literal('embed'),
    url: line('Player link', 2048),
    title: line('Player title', 120, { min: 0 }),
    provider: z.enum(EMBED_PROVIDERS).optional(),
    embedUrl: z.string().max(2048).optional(),
    link: z.string().max(2048).optional(),
  })
  .superRefine((block, context) => {
    const checked = checkEmbedUrl(block.url);
    if (!checked.ok) context.addIssue({ code: 'custom', message: checked.message, path: ['url'] });
  });

const blockSchema = z.discriminatedUnion(
  'type',
  [textBlock, imageBlock, galleryBlock, ctaBlock, faqBlock, creditsBlock, embedBlock, testimonialsBlock],
  {
    error: 'Choose a kind of block',
  },
);

export const PAGE_BLOCK_TYPES = ['text', 'image', 'gallery', 'cta', 'faq', 'credits', 'embed', 'testimonials'] as const;
export type PageBlockType = (typeof PAGE_BLOCK_TYPES)[number];

const seoSchema = z.strictObject({
  /** The browser tab's and search result's title; empty: the page's own title. */
  title: line('Search title', 70, { min: 0 }),
  /** Empty: the first words of the page's text. */
  description: paragraphs('Search description', 300, { min: 0 }),
  /** Empty: the share image made from the page's title, as for every page. */
  shareImage: imageRefSchema.nullable(),
  noindex: z.boolean({ error: 'Hide from search engines must be true or false' }),
});

const pageIdSchema = z
  .string()
  .trim()
  .regex(/^[a-z0-9-]{1,40}$/, 'Id must be lowercase letters, digits and dashes');

export const pageSchema = z
  .strictObject({
    id: pageIdSchema.optional(),
    slug: pageSlugSchema,
    /** Addresses the page had before a rename: each answers 301 to today's. Filled on save, never typed. */
    formerSlugs: z.array(z.string().regex(PAGE_SLUG_PATTERN).max(60)).max(20, 'At most 20 former addresses').default([]),
    title: line('Title', 100),
    visible: z.boolean({ error: 'Shown must be true or false' }),
    blocks: z.array(blockSchema).max(MAX_BLOCKS, `At most ${MAX_BLOCKS} blocks`),
    seo: seoSchema,
  })
  .transform(({ id, ...page }) => ({
    id: id ?? freshPageId(),
    ...page,
    blocks: page.blocks.map((block) => (block.type === 'embed' ? withCheckedEmbed(block) : block)),
  }));

export const pagesSchema = z
  .strictObject({ pages: z.array(pageSchema).max(MAX_PAGES, `At most ${MAX_PAGES} pages`) })
  .superRefine(({ pages }, context) => {
    const slugs = new Set<string>();
    const ids = new Set<string>();
    pages.forEach((page, index) => {
      if (slugs.has(page.slug))
        context.addIssue({ code: 'custom', message: 'Two pages cannot share an address', path: ['pages', index, 'slug'] });
      if (ids.has(page.id)) context.addIssue({ code: 'custom', message: 'Two pages cannot share an id', path: ['pages', index, 'id'] });
      slugs.add(page.slug);
      ids.add(page.id);
    });
  });

type EmbedInput = z.infer<typeof embedBlock>;
function withCheckedEmbed(block: EmbedInput) {
  const checked = checkEmbedUrl(block.url);
  // The refinement above let only good links through.
  if (!checked.ok) return block;
  return { type: block.type, url: block.url.trim(), title: block.title, ...checked.embed };
}

export type Pages = z.infer<typeof pagesSchema>;
export type SitePage = Pages['pages'][number];
export type PageBlock = SitePage['blocks'][number];

/** A new page's id: random, so an address given up by one page never names another. */
export function freshPageId(): string {
  return `p-${Math.random().toString(36).slice(2, 10)}`;
}

/** Every image the pages name, with its field path (the server checks each was uploaded). */
export function pageImageRefs(content: Pages): Array<{ path: string; image: ImageRef }> {
  return content.pages.flatMap((page, at) => {
    const base = `pages.${at}`;
    const share = page.seo.shareImage ? [{ path: `${base}.seo.shareImage`, image: page.seo.shareImage }] : [];
    const inBlocks = page.blocks.flatMap((block, index) => {
      if (block.type === 'image') return [{ path: `${base}.blocks.${index}.image`, image: block.image }];
      if (block.type === 'gallery')
        return block.images.map((entry, n) => ({ path: `${base}.blocks.${index}.images.${n}.image`, image: entry.image }));
      return [];
    });
    return [...share, ...inBlocks];
  });
}

import { line, paragraphs } from './fields.ts';
import { z } from '#common/zod.ts';

/** The home page's blocks after the hero, each once; the hero has a section of its own. */
export const HOME_BLOCKS = ['packages', 'preparing', 'samples', 'testimonials', 'contact'] as const;
export type HomeBlockKey = (typeof HOME_BLOCKS)[number];

/** How the editor and the history name each block. */
export const HOME_BLOCK_LABELS: Record<HomeBlockKey, string> = {
  packages: 'Service packages',
  preparing: 'Preparing your project',
  samples: 'Featured samples',
  testimonials: 'Testimonials',
  contact: 'Contact form',
};

export const homeBlockSchema = z.strictObject({
  key: z.enum(HOME_BLOCKS, { error: 'Unknown block' }),
  visible: z.boolean({ error: 'Shown must be yes or no' }),
  eyebrow: line('Eyebrow', 60, { min: 0 }),
  title: line('Title', 100),
  /** Plain text with tokens; may be empty. */
  intro: paragraphs('Intro', 600, { min: 0 }),
});

/** The order of the blocks is the order of the list; every block appears exactly once. */
export const homeSchema = z.strictObject({
  blocks: z.array(homeBlockSchema).superRefine((blocks, ctx) => {
    const seen = new Set<string>();
    blocks.forEach((block, index) => {
      if (seen.has(block.key)) ctx.addIssue({ code: 'custom', path: [index, 'key'], message: 'Each block appears once' });
      seen.add(block.key);
    });
    for (const key of HOME_BLOCKS) {
      if (!seen.has(key)) ctx.addIssue({ code: 'custom', message: `The ${HOME_BLOCK_LABELS[key].toLowerCase()} block is missing` });
    }
  }),
  /** The /samples page's opening band: the portfolio the home block links to. */
  samplesPage: z.strictObject({
    eyebrow: line('Samples page eyebrow', 60, { min: 0 }),
    title: line('Samples page heading', 80),
    intro: paragraphs('Samples page intro', 400, { min: 0 }),
  }),
});

export type HomeBlock = z.infer<typeof homeBlockSchema>;
export type Home = z.infer<typeof homeSchema>;

import { line, paragraphs, webUrl } from './fields.ts';
import { imageRefSchema } from './image.ts';
import { z } from '#common/zod.ts';

export const aboutStatSchema = z.strictObject({ value: line('Value', 40), label: line('Label', 40) });

export const creditSchema = z.strictObject({
  artist: line('Artist', 120),
  title: line('Title', 160),
  role: line('Role', 80),
  year: z
    .number({ error: 'Year must be a number' })
    .int()
    .min(1900, 'Year must be 1900 or later')
    .max(2100, 'Year must be 2100 or earlier')
    .nullable(),
  url: webUrl('Link').nullable(),
});

export const aboutValueSchema = z.strictObject({ title: line('Value title', 80), text: paragraphs('Value text', 400) });

export const aboutSchema = z.strictObject({
  /** Empty until the owner introduces the founder: pages then speak of "our founder". */
  founderName: line('Founder name', 80, { min: 0 }),
  founderRole: line('Founder role', 80, { min: 0 }),
  photo: imageRefSchema.nullable(),
  /** Markdown (no raw HTML; links only http(s), mailto and tel). */
  biography: paragraphs('Biography', 20_000),
  stats: z.array(aboutStatSchema).length(3, 'There are exactly three stats'),
  credits: z.array(creditSchema).max(200, 'At most 200 credits'),
  /** The values band ("How we work" / "What We Stand For") and its points. */
  valuesEyebrow: line('Values eyebrow', 60, { min: 0 }),
  valuesTitle: line('Values heading', 80),
  values: z.array(aboutValueSchema).max(6, 'At most 6 values'),
  /** The closing band: its heading and line. */
  ctaTitle: line('Closing heading', 80),
  ctaText: paragraphs('Closing text', 300, { min: 0 }),
});

export type About = z.infer<typeof aboutSchema>;
export type Credit = z.infer<typeof creditSchema>;

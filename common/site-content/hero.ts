import { line, paragraphs } from './fields.ts';
import { imageRefSchema } from './image.ts';
import { z } from '#common/zod.ts';

/** The home page's first screen. Without an uploaded image the built-in console illustration shows. */
export const heroSchema = z.strictObject({
  headline: line('Headline', 80),
  description: paragraphs('Description', 500),
  image: imageRefSchema.nullable(),
});

export type Hero = z.infer<typeof heroSchema>;

import { line, paragraphs } from './fields.ts';
import { imageRefSchema } from './image.ts';
import { z } from '#common/zod.ts';

/** The home page's first screen. Without an uploaded image the built-in console illustration shows. */
export const heroSchema = z.strictObject({
  /**
   * The line above the headline. Empty: the names of the services the site shows and the studio's
   * place ("Mixing & Mastering · Vocal Production · Decatur, GA"), so a hidden service is never named.
   */
  serviceLine: line('Service line', 120, { min: 0 }),
  headline: line('Headline', 80),
  description: paragraphs('Description', 500),
  image: imageRefSchema.nullable(),
});

export type Hero = z.infer<typeof heroSchema>;

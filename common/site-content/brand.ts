import { weakestAccentPair } from './contrast.ts';
import { imageRefSchema } from './image.ts';
import { z } from '#common/zod.ts';

/** A favicon must be square and at least this many pixels on a side: the largest icon made of it (the web manifest's) is 512. */
export const FAVICON_MIN_SIDE = 512;

/** Why an uploaded image cannot be the favicon, in the owner's words; null when it can. */
export function faviconProblem({ width, height }: { width: number; height: number }): string | null {
  if (width !== height)
    return `The favicon must be square: this image is ${width} × ${height} px. Crop it to a square and upload it again.`;
  if (width < FAVICON_MIN_SIDE)
    return `The favicon must be at least ${FAVICON_MIN_SIDE} × ${FAVICON_MIN_SIDE} px: this image is ${width} × ${height} px.`;
  return null;
}

/**
 * The studio's look: its accent colour, held to WCAG AA against every surface it meets, and its own
 * logo and favicon (docs/decisions/075-logo-and-favicon.md). Versions saved before the images
 * existed read as "none" (the built-in mark and icons).
 */
export const brandSchema = z.strictObject({
  accentColor: z
    .string({ error: 'Accent colour is required' })
    .trim()
    .regex(/^#[0-9a-fA-F]{6}$/, 'Accent colour must be a colour like #f5b83d')
    .transform((value) => value.toLowerCase())
    .superRefine((value, context) => {
      // Every pair the accent is painted in (contrast.ts), measured as axe measures it.
      const weakest = weakestAccentPair(value);
      if (weakest.ratio < weakest.needs)
        context.addIssue({
          code: 'custom',
          message:
            `Accent colour is too dark to read on the site's dark pages: ${weakest.where.toLowerCase()} would be ${weakest.ratio}:1, ` +
            `at least ${weakest.needs}:1 is needed. Choose a lighter one.`,
        });
    }),
  logo: imageRefSchema.nullable().default(null),
  favicon: imageRefSchema
    .nullable()
    .default(null)
    .superRefine((image, context) => {
      const problem = image ? faviconProblem(image) : null;
      if (problem) context.addIssue({ code: 'custom', message: problem });
    }),
});
export type Brand = z.infer<typeof brandSchema>;

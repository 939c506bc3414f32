import { line } from './fields.ts';
import { z } from '#common/zod.ts';

/**
 * An image the owner uploaded (hero, founder photo), as the content refers to it. The server made
 * every listed width once at upload, in AVIF, WebP and JPEG, and serves them forever-cacheable at
 * `imageUrl(id, width, format)`. Width and height are the original's, so pages reserve the space.
 * On save the server checks the id and replaces width, height and widths with what it stored.
 */

export const imageRefSchema = z.strictObject({
  id: z.uuid('Image must be an uploaded image'),
  alt: line('Image description', 200, { min: 0 }),
  width: z.number().int().positive().max(20_000),
  height: z.number().int().positive().max(20_000),
  widths: z.array(z.number().int().positive().max(20_000)).min(1).max(12),
});

export type ImageRef = z.infer<typeof imageRefSchema>;

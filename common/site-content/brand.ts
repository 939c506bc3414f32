import { AA_CONTRAST, accentContrast } from './contrast.ts';
import { z } from '#common/zod.ts';

/** The studio's look: its accent colour, held to WCAG AA against every surface it meets. */
export const brandSchema = z.strictObject({
  accentColor: z
    .string({ error: 'Accent colour is required' })
    .trim()
    .regex(/^#[0-9a-fA-F]{6}$/, 'Accent colour must be a colour like #f5b83d')
    .transform((value) => value.toLowerCase())
    .refine((value) => accentContrast(value) >= AA_CONTRAST, {
      error: `Accent colour is too dark to read on the site's dark pages: choose a lighter one (contrast at least ${AA_CONTRAST}:1)`,
    }),
});
export type Brand = z.infer<typeof brandSchema>;

import { line, paragraphs, webUrl } from './fields.ts';
import { z } from '#common/zod.ts';

export const testimonialSchema = z.strictObject({
  quote: paragraphs('Quote', 1000),
  name: line('Name', 80),
  /** "Artist", "Producer, Label X": who they are. */
  role: line('Role', 120, { min: 0 }),
  url: webUrl('Link').nullable(),
});

/** Shown on the home and about pages only when there is at least one. */
export const testimonialsSchema = z.strictObject({ testimonials: z.array(testimonialSchema).max(30, 'At most 30 testimonials') });

export type Testimonial = z.infer<typeof testimonialSchema>;
export type Testimonials = z.infer<typeof testimonialsSchema>;

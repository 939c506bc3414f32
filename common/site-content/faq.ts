import { line, paragraphs } from './fields.ts';
import { z } from '#common/zod.ts';

export const faqEntrySchema = z.strictObject({
  question: line('Question', 200),
  /** Plain text; blank lines separate paragraphs. */
  answer: paragraphs('Answer', 3000),
});

/** The contact page's questions, in the order the owner put them. */
export const faqSchema = z.strictObject({ faq: z.array(faqEntrySchema).max(40, 'At most 40 questions') });

export type FaqEntry = z.infer<typeof faqEntrySchema>;
export type Faq = z.infer<typeof faqSchema>;

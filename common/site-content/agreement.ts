import { calendarDateSchema } from '#common/calendar-date.ts';
import { paragraphs } from './fields.ts';
import { z } from '#common/zod.ts';

/*
 * The studio's service agreement for client work (issue 40): the terms a client reads and signs in a
 * proposal. Markdown with the content tokens, including the ones only a proposal fills (the plan);
 * a proposal keeps the exact text the client was shown, so a later edit here changes new proposals only.
 */
export const agreementSchema = z.strictObject({
  effectiveDate: calendarDateSchema('Effective date'),
  body: paragraphs('Agreement text', 100_000),
});

export type Agreement = z.infer<typeof agreementSchema>;

import { calendarDateSchema } from '#common/calendar-date.ts';
import { paragraphs } from './fields.ts';
import { z } from '#common/zod.ts';

export const policyDocumentSchema = z.strictObject({
  effectiveDate: calendarDateSchema('Effective date'),
  /** Markdown (no raw HTML; links only http(s), mailto and tel); may use the tokens of content-tokens.ts. */
  body: paragraphs('Text', 100_000),
});

export const policiesSchema = z.strictObject({ privacy: policyDocumentSchema, terms: policyDocumentSchema });

export type Policies = z.infer<typeof policiesSchema>;

export { formatEffectiveDate } from './format.ts';

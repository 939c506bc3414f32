import { line } from './fields.ts';
import { z } from '#common/zod.ts';

/*
 * The newsletter / "notify me" sign-up (issue 44): whether the footer of public pages offers it, and
 * its words. The list itself is not content: it lives with the contact capability (server/contact/newsletter*.ts).
 */
export const newsletterSchema = z.strictObject({
  enabled: z.boolean({ error: 'Shown must be yes or no' }),
  title: line('Heading', 80),
  text: line('Text', 300, { min: 0 }),
  button: line('Button', 40),
});

export type Newsletter = z.infer<typeof newsletterSchema>;

/** Off until the owner turns it on: a new studio has nothing to send yet. */
export const DEFAULT_NEWSLETTER: Newsletter = {
  enabled: false,
  title: 'Studio news',
  text: 'New work, open dates and offers, a few times a year. Leave with one click.',
  button: 'Notify me',
};

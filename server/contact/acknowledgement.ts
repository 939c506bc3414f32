import type { Kysely, Transaction } from 'kysely';
import { contactSubmissionSchema } from '#common/contact.ts';
import { defaultAcknowledgementText, type AcknowledgementSettings, type AcknowledgementSettingsInput } from '#common/contact-inbox.ts';
import type { Database } from '#server/db/schema.ts';
import type { MailMessage } from '#server/email/mailer.ts';

/*
 * The optional e-mail to the visitor saying their message arrived (docs/decisions/048-contact-inbox.md).
 * It carries only the owner's text: nothing the visitor typed, so the form cannot be used to send
 * someone else a message of the sender's choosing through the studio's mail server.
 */

const SETTINGS_ID = 1;

type Db = Kysely<Database> | Transaction<Database>;

/** Whether a new submission gets an acknowledgement queued (the text is read when it is sent). */
export async function acknowledgementEnabled(db: Db): Promise<boolean> {
  const row = await db.selectFrom('contactSettings').select('acknowledgementEnabled').where('id', '=', SETTINGS_ID).executeTakeFirst();
  return row?.acknowledgementEnabled === 1;
}

/** `studio` signs the default text and sets its reply time: the site content as it is now. */
export async function readAcknowledgementSettings(db: Db, studio: AcknowledgementStudio): Promise<AcknowledgementSettings> {
  const row = await db
    .selectFrom('contactSettings')
    .select(['acknowledgementEnabled', 'acknowledgementText'])
    .where('id', '=', SETTINGS_ID)
    .executeTakeFirst();
  const defaultText = defaultAcknowledgementText(studio);
  return { enabled: row?.acknowledgementEnabled === 1, text: row?.acknowledgementText ?? defaultText, defaultText };
}

/** Saves the switch and text; committed when this resolves. The default text is stored as null, so it keeps following the studio. */
export async function saveAcknowledgementSettings(
  db: Kysely<Database>,
  input: AcknowledgementSettingsInput,
  studio: AcknowledgementStudio,
): Promise<AcknowledgementSettings> {
  const defaultText = defaultAcknowledgementText(studio);
  const values = {
    acknowledgementEnabled: input.enabled ? 1 : 0,
    acknowledgementText: input.text === defaultText ? null : input.text,
    updatedAt: new Date().toISOString(),
  };
  await db
    .insertInto('contactSettings')
    .values({ id: SETTINGS_ID, ...values })
    .onConflict((oc) => oc.column('id').doUpdateSet(values))
    .execute();
  return readAcknowledgementSettings(db, studio);
}

type AcknowledgementStudio = Parameters<typeof defaultAcknowledgementText>[0];

/** The form's own e-mail rule, applied again before sending: nothing else ever becomes a recipient. */
export function isAcknowledgeableAddress(address: string): boolean {
  const parsed = contactSubmissionSchema.shape.email.safeParse(address);
  return parsed.success && parsed.data === address;
}

export function composeAcknowledgement(to: string, text: string, studio: { name: string; replyTo: string }): MailMessage {
  return { to, subject: `We received your message: ${studio.name}`, text, replyTo: studio.replyTo };
}

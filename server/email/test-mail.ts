import { readdir } from 'node:fs/promises';
import path from 'node:path';
import pino from 'pino';
import { DEFAULT_BRAND } from '#common/site-content/defaults.ts';
import { renderEmailHtml } from './html-layout.ts';
import { createMailer, displayNameOf } from './mailer.ts';

export interface TestMailSettings {
  smtpUrl?: string;
  from: string;
  /** DATA_DIR: without SMTP_URL the message goes to its outbox folder, as the site's own mail does. */
  dataDir: string;
}

const outboxOf = (dataDir: string) => path.join(dataDir, 'outbox');
const messagesIn = async (folder: string) => new Set((await readdir(folder).catch(() => [])).filter((name) => name.endsWith('.eml')));

/**
 * Sends one short message to `to` through the mailer the server would build from the same settings
 * (`npm run admin -- test-mail`), and says where it went: the SMTP server, or the outbox file.
 * A failure (refused address, unreachable server, wrong password) is thrown with the mailer's reason.
 */
export async function sendTestMail(settings: TestMailSettings, to: string): Promise<string> {
  const outboxDir = outboxOf(settings.dataDir);
  const mailer = createMailer({ smtpUrl: settings.smtpUrl, from: settings.from, outboxDir, logger: pino({ level: 'silent' }) });
  const before = settings.smtpUrl ? new Set<string>() : await messagesIn(outboxDir);
  try {
    const subject = 'Test e-mail from the studio website';
    const text = [
      'This is a test message, sent with `npm run admin -- test-mail`.',
      '',
      'If you are reading it, the website can send e-mail (password resets, booking and contact notices).',
      `It was sent from ${settings.from}.`,
    ].join('\n');
    // The same layout as the site's own mail (without the database: MAIL_FROM's name, the default accent).
    const brand = { name: displayNameOf(settings.from) || 'Studio website', accent: DEFAULT_BRAND.accentColor, logo: null };
    await mailer.send({ to, subject, text, html: renderEmailHtml({ subject, text }, brand) });
  } finally {
    mailer.close();
  }
  if (settings.smtpUrl) return `Test e-mail to ${to} accepted by ${mailer.destination} (from ${settings.from}).`;
  const written = [...(await messagesIn(outboxDir))].filter((name) => !before.has(name));
  const file = written.length === 1 ? path.join(outboxDir, written[0]!) : outboxDir;
  return `Test e-mail to ${to} written to ${file}: SMTP_URL is not set, so mail goes to the outbox folder and nobody receives it.`;
}

import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import nodemailer, { type Transporter } from 'nodemailer';
import { redactUrlSecrets, type Logger } from '#server/logger.ts';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
  replyTo?: string;
  /** The sender's display name when MAIL_FROM gives none; the address is always MAIL_FROM's. */
  fromName?: string;
  /** Headers of its own: a mailing's `List-Unsubscribe` (RFC 2369, RFC 8058). */
  headers?: Record<string, string>;
  /** A calendar invitation (RFC 5546): sent as the text/calendar part mail apps offer to add, and as an attachment. */
  icalEvent?: { method: 'REQUEST' | 'CANCEL'; filename: string; content: string };
  /**
   * Files sent with the message (an invoice's PDF). The message stays multipart/alternative (text
   * and HTML), wrapped with its attachments in multipart/mixed, as nodemailer builds it.
   */
  attachments?: MailAttachment[];
}

export interface MailAttachment {
  filename: string;
  content: Buffer;
  contentType: string;
}

/** MAIL_FROM's address: `Studio <hi@x.example>` gives `hi@x.example`. */
export function addressOf(from: string): string {
  return /<([^<>]+)>\s*$/.exec(from)?.[1]?.trim() ?? from.trim();
}

/** MAIL_FROM's display name: `"Studio" <hi@x.example>` gives `Studio`; a bare address gives ''. */
export function displayNameOf(from: string): string {
  const match = /^(.*)<[^<>]+>\s*$/.exec(from.trim());
  return (match?.[1] ?? '')
    .trim()
    .replace(/^"(.*)"$/, '$1')
    .trim();
}

/**
 * Every message the site sends is made by the site itself (RFC 3834), so auto-responders and
 * out-of-office replies leave it alone; no message is a reply a person typed.
 */
const AUTOMATIC = { 'Auto-Submitted': 'auto-generated' };

/**
 * The From header of a message: MAIL_FROM as the operator wrote it when it names a sender (the
 * operator chose that name, perhaps to match what the provider verified); otherwise the message's
 * display name (the studio's) with MAIL_FROM's address.
 */
function senderOf(from: string, { fromName, headers, ...message }: MailMessage) {
  const sender = fromName && !displayNameOf(from) ? { name: fromName, address: addressOf(from) } : from;
  return { from: sender, message: { ...message, headers: { ...headers, ...AUTOMATIC } } };
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
  /** Where mail goes, for the start-up log: `smtp://host` or the outbox folder. */
  readonly destination: string;
  close(): void;
}

export interface MailerOptions {
  smtpUrl?: string;
  from: string;
  outboxDir: string;
  logger: Logger;
}

/**
 * SMTP when SMTP_URL is set; otherwise each message is written to the outbox folder as a raw .eml
 * plus a .json summary, and its first link is logged, so resets and notices work on a laptop.
 */
export function createMailer(options: MailerOptions): Mailer {
  return options.smtpUrl ? smtpMailer(options, options.smtpUrl) : outboxMailer(options);
}

function smtpMailer(options: MailerOptions, smtpUrl: string): Mailer {
  const transport: Transporter = nodemailer.createTransport(smtpUrl);
  const host = new URL(smtpUrl);
  return {
    destination: `${host.protocol}//${host.host}`,
    async send(message) {
      const { from, message: rest } = senderOf(options.from, message);
      await transport.sendMail({ ...rest, from });
      options.logger.info({ to: message.to, subject: message.subject }, 'mail sent');
    },
    close: () => transport.close(),
  };
}

function outboxMailer(options: MailerOptions): Mailer {
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  let sequence = 0;
  return {
    destination: options.outboxDir,
    async send(message) {
      const { from, message: rest } = senderOf(options.from, message);
      const { message: raw } = (await transport.sendMail({ ...rest, from })) as { message: Buffer };
      await mkdir(options.outboxDir, { recursive: true });
      sequence += 1;
      const base = `${new Date().toISOString().replace(/[:.]/g, '-')}-${process.pid}-${sequence}`;
      await writeFile(path.join(options.outboxDir, `${base}.eml`), raw);
      // The summary names each attachment and its size; the bytes themselves are in the .eml.
      const attachments = rest.attachments?.map((file) => ({
        filename: file.filename,
        contentType: file.contentType,
        bytes: file.content.length,
      }));
      await writeFile(
        path.join(options.outboxDir, `${base}.json`),
        JSON.stringify(
          {
            ...rest,
            attachments,
            from: typeof from === 'string' ? from : `"${from.name}" <${from.address}>`,
            createdAt: new Date().toISOString(),
          },
          null,
          2,
        ),
      );
      // The link shows which message it is; a reset link's token stays in the file, out of the log.
      const found = message.text.match(/https?:\/\/\S+/)?.[0];
      const link = found && redactUrlSecrets(found);
      options.logger.info({ to: message.to, subject: message.subject, link, file: `${base}.eml` }, 'mail written to outbox');
    },
    close: () => transport.close(),
  };
}

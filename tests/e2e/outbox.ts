import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, type APIRequestContext } from '@playwright/test';
import { E2E_ADMIN } from '../../playwright.config';
import { e2eDataDir } from './support';

/** An e-mail as the e2e server's outbox keeps it (`DATA_DIR/outbox/*.json`). */
export interface Mail {
  to: string;
  replyTo?: string;
  subject: string;
  text: string;
  /** The HTML part (every message has one: server/email/html-layout.ts). */
  html?: string;
  createdAt: string;
}

const SIGN_IN_LINK = /https?:\/\/\S+\/portal\/auth\?token=[^\s"<>]+/;

/** One outbox file, or undefined while the mailer is still writing it (the next poll reads it again). */
function readMail(file: string): Mail | undefined {
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as Mail;
  } catch {
    return undefined;
  }
}

/** Every e-mail written so far, oldest first (none before the first is written). */
export function outboxMails(): Mail[] {
  const outbox = path.join(e2eDataDir(), 'outbox');
  let names: string[];
  try {
    names = readdirSync(outbox).filter((name) => name.endsWith('.json'));
  } catch {
    return [];
  }
  return names
    .map((name) => readMail(path.join(outbox, name)))
    .filter((mail): mail is Mail => mail !== undefined)
    .sort((a, b) => a.createdAt.localeCompare(b.createdAt));
}

/** The e-mail whose text carries `marker`, or undefined (yet). */
export function mailContaining(marker: string): Mail | undefined {
  return outboxMails().find((mail) => mail.text.includes(marker));
}

/** The portal sign-in link inside an e-mail. */
export function signInLinkOf(mail: Mail): string {
  const link = SIGN_IN_LINK.exec(mail.text)?.[0];
  expect(link, mail.text).toBeTruthy();
  return link!;
}

/** The newest sign-in link e-mailed to `address` so far, or undefined. */
export function signInLinkTo(address: string): string | undefined {
  const mail = outboxMails()
    .filter((m) => m.to === address && SIGN_IN_LINK.test(m.text))
    .at(-1);
  return mail ? SIGN_IN_LINK.exec(mail.text)?.[0] : undefined;
}

/** The newest e-mail to `address` written since `since` (and whose subject matches), waiting for it. */
export async function latestMailTo(address: string, since: number, subject: RegExp = /./): Promise<Mail> {
  let found: Mail | undefined;
  await expect
    .poll(
      () => {
        found = outboxMails()
          .filter((mail) => mail.to === address && subject.test(mail.subject) && new Date(mail.createdAt).getTime() >= since)
          .at(-1);
        return Boolean(found);
      },
      { timeout: 20_000 },
    )
    .toBe(true);
  return found!;
}

/** The owner's API session, the way the browser's would be (the Origin header passes the CSRF check). */
export async function ownerApi(
  playwright: { request: { newContext: (options: object) => Promise<APIRequestContext> } },
  baseURL: string,
): Promise<APIRequestContext> {
  const api = await playwright.request.newContext({ baseURL, extraHTTPHeaders: { Origin: baseURL } });
  const login = await api.post('/api/admin/login', { data: { username: E2E_ADMIN.username, password: E2E_ADMIN.password } });
  expect(login.ok()).toBe(true);
  return api;
}

import { expect } from 'vitest';
import type { StaffRole } from '#common/staff-roles.ts';
import { createAdmin } from '#server/auth/admin-users.ts';
import { SESSION_COOKIE } from '#server/auth/session-cookie.ts';
import type { MailMessage, Mailer } from '#server/email/mailer.ts';
import type { TestApp } from './app.ts';

export const ORIGIN = 'http://localhost:3000';
/** Passes the strength rule (zxcvbn 3 or more) and is made of none of the test people's names. */
export const STAFF_PASSWORD = 'quartz-lantern-meadow-41';

/** A mailer that keeps what it is given, for reading invitations. */
export function keptMail(): Mailer & { sent: MailMessage[] } {
  const sent: MailMessage[] = [];
  return { sent, destination: 'memory', close() {}, send: async (message) => void sent.push(message) };
}

/** The `name=value` part of the session cookie a response sets. */
export function sessionCookieOf(res: { headers: Record<string, unknown> }): string {
  const cookies = (res.headers['set-cookie'] as string[] | undefined) ?? [];
  const cookie = cookies.find((c) => c.startsWith(`${SESSION_COOKIE}=`) && !c.startsWith(`${SESSION_COOKIE}=;`))?.split(';')[0];
  expect(cookie, 'a session cookie').toBeTruthy();
  return cookie!;
}

/** A joined staff member with this role, signed in through the login API: their id and session cookie. */
export async function signedInStaff(t: TestApp, role: StaffRole, username: string): Promise<{ id: number; cookie: string }> {
  const admin = await createAdmin(t.services.db, { username, email: `${username}@example.com`, password: STAFF_PASSWORD });
  await t.services.db.updateTable('adminUsers').set({ role }).where('id', '=', admin.id).execute();
  const res = await t.request.post('/api/admin/login').set('Origin', ORIGIN).send({ username, password: STAFF_PASSWORD });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return { id: admin.id, cookie: sessionCookieOf(res) };
}

/** A request with Origin (the CSRF check) and, when given, a session cookie. */
export function call(t: TestApp, method: 'get' | 'post' | 'put' | 'patch' | 'delete', path: string, cookie?: string) {
  const req = t.request[method](path).set('Origin', ORIGIN);
  return cookie ? req.set('Cookie', cookie) : req;
}

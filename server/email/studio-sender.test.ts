import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { afterEach, describe, expect, it } from 'vitest';
import { addressOf, createMailer, displayNameOf, type MailMessage, type Mailer } from './mailer.ts';
import { signedByStudio, type StudioSender } from './studio-sender.ts';

function recording(): Mailer & { sent: MailMessage[] } {
  const sent: MailMessage[] = [];
  return { sent, destination: 'memory', close: () => {}, send: async (message) => void sent.push(message) };
}

const studio = (name: string): StudioSender => ({ name, replyTo: 'hello@studio.example', accent: '#f5b83d', logo: null });

describe('e-mails signed by the studio', () => {
  it("send in the studio's current name with replies to the studio, unless a message names its own reply-to", async () => {
    const inner = recording();
    let name = 'ATL Audio Mastering';
    const mailer = signedByStudio(inner, async () => studio(name));
    await mailer.send({ to: 'ava@example.com', subject: 'Hi', text: 'x' });
    name = 'Peachtree Sound';
    await mailer.send({ to: 'owner@example.com', subject: 'New message', text: 'y', replyTo: 'visitor@example.com' });
    expect(inner.sent.map(({ html: _html, ...rest }) => rest)).toEqual([
      { to: 'ava@example.com', subject: 'Hi', text: 'x', fromName: 'ATL Audio Mastering', replyTo: 'hello@studio.example' },
      { to: 'owner@example.com', subject: 'New message', text: 'y', fromName: 'Peachtree Sound', replyTo: 'visitor@example.com' },
    ]);
    expect(inner.sent[1]!.html).toContain('Peachtree Sound');
  });

  it("keep MAIL_FROM's address whatever its display name", () => {
    expect(addressOf('Studio Website <no-reply@localhost>')).toBe('no-reply@localhost');
    expect(addressOf('mail@studio.example')).toBe('mail@studio.example');
    expect(displayNameOf('"Peachtree Sound" <mail@studio.example>')).toBe('Peachtree Sound');
    expect(displayNameOf('<mail@studio.example>')).toBe('');
    expect(displayNameOf('mail@studio.example')).toBe('');
  });
});

describe('the raw message a mail client receives', () => {
  let dir = '';
  afterEach(async () => {
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  async function sentRaw(from: string, message: MailMessage): Promise<string> {
    dir = await mkdtemp(path.join(tmpdir(), 'outbox-'));
    const inner = createMailer({ from, outboxDir: dir, logger: pino({ level: 'silent' }) });
    await signedByStudio(inner, async () => studio('Peachtree <Sound> & Co')).send(message);
    const [eml] = (await readdir(dir)).filter((name) => name.endsWith('.eml'));
    return readFile(path.join(dir, eml!), 'utf8');
  }

  it('is multipart/alternative with the text part as written, an HTML part, and marked as automatic', async () => {
    const raw = await sentRaw('no-reply@studio.example', {
      to: 'ava@example.com',
      subject: 'Your sign-in link',
      text: 'Hi Ava,\n\nSign in: https://studio.example/portal/auth?token=abc\n\nThanks',
    });
    const [head] = raw.split('\n\n');
    expect(head).toMatch(/^Auto-Submitted: auto-generated$/m);
    expect(head).toMatch(/^Content-Type: multipart\/alternative;\s+boundary=/m);
    const boundary = /boundary="?([^"\n]+)"?/.exec(head!)![1]!;
    const parts = raw.split(`--${boundary}`).slice(1, -1);
    expect(parts.map((part) => /Content-Type: ([\w/]+)/.exec(part)?.[1])).toEqual(['text/plain', 'text/html']);
    expect(parts[0]).toContain('Sign in: https://studio.example/portal/auth?token=abc');
    // The studio's name as the sender, since MAIL_FROM names none.
    expect(head).toMatch(/^From: "Peachtree <Sound> & Co" <no-reply@studio\.example>$/m);
  });

  it("keeps MAIL_FROM's display name when it gives one", async () => {
    const raw = await sentRaw('Studio Desk <no-reply@studio.example>', { to: 'ava@example.com', subject: 'Hi', text: 'x' });
    expect(raw).toMatch(/^From: Studio Desk <no-reply@studio\.example>$/m);
  });
});

import { describe, expect, it } from 'vitest';
import { addressOf, type MailMessage, type Mailer } from './mailer.ts';
import { signedByStudio } from './studio-sender.ts';

function recording(): Mailer & { sent: MailMessage[] } {
  const sent: MailMessage[] = [];
  return { sent, destination: 'memory', close: () => {}, send: async (message) => void sent.push(message) };
}

describe('e-mails signed by the studio', () => {
  it("send in the studio's current name with replies to the studio, unless a message names its own reply-to", async () => {
    const inner = recording();
    let name = 'ATL Audio Mastering';
    const mailer = signedByStudio(inner, async () => ({ name, replyTo: 'hello@studio.example' }));
    await mailer.send({ to: 'ava@example.com', subject: 'Hi', text: 'x' });
    name = 'Peachtree Sound';
    await mailer.send({ to: 'owner@example.com', subject: 'New message', text: 'y', replyTo: 'visitor@example.com' });
    expect(inner.sent).toEqual([
      { to: 'ava@example.com', subject: 'Hi', text: 'x', fromName: 'ATL Audio Mastering', replyTo: 'hello@studio.example' },
      { to: 'owner@example.com', subject: 'New message', text: 'y', fromName: 'Peachtree Sound', replyTo: 'visitor@example.com' },
    ]);
  });

  it("keep MAIL_FROM's address whatever its display name", () => {
    expect(addressOf('Studio Website <no-reply@localhost>')).toBe('no-reply@localhost');
    expect(addressOf('mail@studio.example')).toBe('mail@studio.example');
  });
});

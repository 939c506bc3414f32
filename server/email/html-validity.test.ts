import { describe, expect, it } from 'vitest';
import { emailLogo } from './email-brand.ts';
import { renderEmailHtml } from './html-layout.ts';
import { emailHtmlProblems } from '#server/test-support/email-html-check.ts';

const brand = { name: 'Peachtree Sound', accent: '#f5b83d', logo: null };
const logo = emailLogo('https://peachtree.studio', {
  id: '0b8e2b56-4c3a-4b1e-9d6f-1f2a3b4c5d6e',
  alt: '',
  width: 800,
  height: 200,
  widths: [320, 640, 1024],
});

/** The shapes the site's messages take: a sign-in button, plain links, lists, a wrapped paragraph, what visitors typed. */
const MESSAGES = {
  'a sign-in link': {
    subject: 'Your project space',
    text: 'Hi Ada,\n\nSign in: https://peachtree.studio/portal/auth?token=abc\n\nThe link works once.',
  },
  'a notice with details and a plain link': {
    subject: 'New booking: Free consultation',
    text: 'Name: Ada\nE-mail: ada@example.com\nWhen: Tuesday 7 January, 10:00\n\nSee it at https://peachtree.studio/manage/bookings',
  },
  'a list and a hard-wrapped sentence': {
    subject: 'Invoice ATL-2026-0001',
    text: [
      'Your invoice is ready and the total below is what is due by the date on it, paid by card or',
      'bank transfer as you prefer.',
      '',
      '- Mixing: $400.00',
      '- Stems: $50.00',
      '',
      'Total: $450.00',
    ].join('\n'),
  },
  'what a visitor typed, hostile': {
    subject: 'New message from <img src=x onerror=alert(1)>',
    text: 'Message:\n</td></tr></table><script>alert(1)</script>\n"quoted" & <b>bold</b>',
  },
};

// The validator's rules: server/test-support/email-html-check.ts, which also checks every message the
// integration tests' memory mailer receives (server/test-support/project-fixture.ts).
describe('the HTML part is valid HTML', () => {
  for (const [kind, message] of Object.entries(MESSAGES)) {
    for (const [label, shown] of [
      ['with the studio name', brand],
      ["with the owner's logo", { ...brand, logo }],
    ] as const) {
      it(`${kind}, ${label}`, () => {
        expect(emailHtmlProblems(renderEmailHtml(message, shown))).toEqual([]);
      });
    }
  }
});

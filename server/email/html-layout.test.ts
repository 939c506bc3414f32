import { describe, expect, it } from 'vitest';
import { contrastRatio } from '#common/site-content/contrast.ts';
import { emailLogo, isPublicHttps } from './email-brand.ts';
import { linkWords, renderEmailHtml } from './html-layout.ts';
import { studioInbox } from './studio-inbox.ts';
import { DEFAULT_STUDIO_EMAIL } from '#common/site-content/defaults.ts';

const brand = { name: 'Peachtree Sound', accent: '#f5b83d', logo: null };

describe('the HTML part of every e-mail', () => {
  it('is a document in English with the subject as its heading and the studio name as text without a public logo', () => {
    const html = renderEmailHtml({ subject: 'Your sign-in link', text: 'Hi,\n\nHere it is.' }, brand);
    expect(html).toMatch(/^<!DOCTYPE html>\n<html lang="en">/);
    expect(html).toContain('<meta name="color-scheme" content="light dark">');
    expect(html).toContain('<h1 style="');
    expect(html).toContain('>Your sign-in link</h1>');
    expect(html).toContain('>Peachtree Sound</span>');
    expect(html).not.toMatch(/<img|src=|url\(/);
  });

  it('escapes what visitors and the owner typed', () => {
    const html = renderEmailHtml(
      { subject: 'New request from <b>Eve</b>', text: 'Message:\n<script>alert(1)</script> & "quotes"' },
      { ...brand, name: 'A&B <Studio>' },
    );
    expect(html).not.toContain('<script>');
    expect(html).not.toContain('<b>Eve');
    expect(html).toContain('&#60;script&#62;alert(1)&#60;/script&#62; &#38; &#34;quotes&#34;');
    expect(html).toContain('A&#38;B &#60;Studio&#62;');
  });

  it('turns "Label: link" lines into a button that says the label, and other links into words that say where they go', () => {
    const html = renderEmailHtml(
      {
        subject: 'x',
        text: 'Sign in: https://studio.example/portal/auth?token=s3cret\n\nAsk for a new one at any time:\nhttps://studio.example/portal.',
      },
      brand,
    );
    expect(html).toMatch(/<a href="https:\/\/studio\.example\/portal\/auth\?token=s3cret"[^>]*>Sign in<\/a>/);
    expect(html).toMatch(/<a href="https:\/\/studio\.example\/portal"[^>]*>studio\.example\/portal<\/a>\./);
    expect(linkWords('https://studio.example/')).toBe('studio.example');
    // A link the visitor typed cannot break out of its attribute.
    expect(renderEmailHtml({ subject: 'x', text: 'see https://e.example/"onmouseover=x' }, brand)).not.toContain('"onmouseover');
  });

  it('keeps list lines apart and joins a hard-wrapped sentence', () => {
    const html = renderEmailHtml(
      {
        subject: 'x',
        text:
          'Name:     Ava\nEmail:    ava@example.com\n\n' +
          'The password of the admin account "owner" on Peachtree Sound was just changed, and every\nother session ended.',
      },
      brand,
    );
    expect(html).toContain('Name:     Ava<br>Email:    ava@example.com');
    expect(html).toContain('and every other session ended.');
  });

  it('keeps every text readable on its own background, light or dark', () => {
    // Body text and the footer on the white card; dark text on the accent button; the accent on the dark header and dark card.
    expect(contrastRatio('#1f1f24', '#ffffff')).toBeGreaterThanOrEqual(4.5);
    expect(contrastRatio('#4a4a55', '#ffffff')).toBeGreaterThanOrEqual(4.5);
    const html = renderEmailHtml({ subject: 'x', text: 'y' }, brand);
    // Every element that sets a text colour sets its own background too, or sits in one that does.
    expect(html).toMatch(/class="mail-card" style="background-color: #ffffff; font-family: [^"]*; color: #1f1f24;/);
    expect(html).toContain('@media (prefers-color-scheme: dark)');
  });

  it("draws the owner's logo only from a public https address", () => {
    const logo = { id: '0b8e2b56-4c3a-4b1e-9d6f-1f2a3b4c5d6e', alt: '', width: 800, height: 200, widths: [320, 640, 1024] };
    expect(emailLogo('https://peachtree.studio', logo)).toEqual({
      url: 'https://peachtree.studio/media/images/0b8e2b56-4c3a-4b1e-9d6f-1f2a3b4c5d6e/320.jpg',
      width: 160,
      height: 40,
    });
    for (const local of [
      'http://peachtree.studio',
      'https://localhost:3000',
      'https://192.168.1.5',
      'https://studio.local',
      'https://intranet',
    ])
      expect(isPublicHttps(local), local).toBe(false);
    expect(emailLogo('http://localhost:3000', logo)).toBeNull();
    const html = renderEmailHtml({ subject: 'x', text: 'y' }, { ...brand, logo: emailLogo('https://peachtree.studio', logo) });
    expect(html).toMatch(/<img src="https:\/\/peachtree\.studio\/[^"]+" width="160" height="40" alt="Peachtree Sound"/);
  });
});

describe('the one studio address', () => {
  it('is the Site e-mail; STUDIO_EMAIL only stands in while that is still the demo address', () => {
    expect(studioInbox('owner@studio.test', DEFAULT_STUDIO_EMAIL)).toBe('owner@studio.test');
    expect(studioInbox('owner@studio.test', 'hello@peachtree.studio')).toBe('hello@peachtree.studio');
    expect(studioInbox(undefined, DEFAULT_STUDIO_EMAIL)).toBe(DEFAULT_STUDIO_EMAIL);
  });
});

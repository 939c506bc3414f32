import { describe, expect, it } from 'vitest';
import { SECTION_SCHEMAS, SITE_SECTIONS, defaultSiteContent, parseSectionInput } from './sections.ts';
import { formatOpeningHours } from './format.ts';

describe('site content defaults', () => {
  it('are valid by their own schemas, so a fresh site can be saved as it is', () => {
    const defaults = defaultSiteContent();
    for (const section of SITE_SECTIONS) expect(SECTION_SCHEMAS[section].safeParse(defaults[section]).error).toBeUndefined();
  });

  it('sell the three packages of the brief under keys projects can keep', () => {
    expect(defaultSiteContent().packages.packages.map((pkg) => pkg.key)).toEqual(['intro', 'standard', 'premium']);
  });

  it('word the default hours the one way every page shows them', () => {
    expect(formatOpeningHours(defaultSiteContent().studio.hours)).toBe('Mon-Fri 9:00 AM-7:00 PM ET');
  });
});

describe('parseSectionInput', () => {
  it('takes a section with its version and ignores updatedAt as read', () => {
    const parsed = parseSectionInput('faq', { ...defaultSiteContent().faq, version: 3, updatedAt: '2026-01-01T00:00:00.000Z' });
    expect(parsed).toMatchObject({ success: true, version: 3 });
  });

  it('keys problems by their full path and refuses unknown fields', () => {
    const studio = { ...defaultSiteContent().studio, version: 0, colour: 'red' };
    studio.hours = { ...studio.hours, days: [{ day: 'mon', opens: '19:00', closes: '09:00' }] };
    studio.social = [{ label: 'Evil', url: 'javascript:alert(1)' }];
    const parsed = parseSectionInput('studio', studio);
    expect(parsed.success).toBe(false);
    if (parsed.success) return;
    expect(Object.keys(parsed.errors)).toEqual(expect.arrayContaining(['hours.days.0.closes', 'social.0.url', 'body']));
  });

  it('refuses a missing version and a body that is not an object', () => {
    expect(parseSectionInput('faq', defaultSiteContent().faq)).toMatchObject({ success: false, errors: { version: expect.any(Array) } });
    expect(parseSectionInput('faq', [])).toMatchObject({ success: false });
  });
});

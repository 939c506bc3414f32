import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { defaultSiteContent } from '#common/site-content/sections.ts';
import { createTestServices, testDialects, type TestServices } from '#server/test-support/services.ts';

const editor = { id: 1, username: 'owner' };

describe.each(testDialects())('site content service on %s', (dialect) => {
  let services: TestServices;
  beforeEach(async () => {
    services = await createTestServices(dialect);
    await services.db
      .insertInto('adminUsers')
      .values({
        id: 1,
        username: 'owner',
        email: 'owner@example.com',
        password: 'x',
        firstName: null,
        lastName: null,
        profileImageUrl: null,
      })
      .execute();
  });
  afterEach(() => services.cleanup());

  it('serves the defaults as version 0 until the owner saves', async () => {
    const stored = await services.site.siteContent.read();
    expect(stored.studio).toMatchObject({ name: defaultSiteContent().studio.name, version: 0, updatedAt: null });
    expect(await services.site.siteContent.current()).toEqual(defaultSiteContent());
  });

  it('saves a new version, serves it at once, and lists who saved it', async () => {
    const studio = { ...defaultSiteContent().studio, name: 'Peachtree Sound', version: 0 };
    const outcome = await services.site.siteContent.save('studio', studio, editor);
    expect(outcome).toMatchObject({ kind: 'saved', section: { name: 'Peachtree Sound', version: 1 } });
    expect((await services.site.siteContent.current()).studio.name).toBe('Peachtree Sound');
    expect(await services.site.siteContent.versions('studio')).toEqual([{ version: 1, updatedAt: expect.any(String), updatedBy: 'owner' }]);
  });

  it('refuses a save from an older version, and two saves from the same version let exactly one win', async () => {
    const faq = (question: string) => ({ faq: [{ question, answer: 'Yes.' }], version: 0 });
    const outcomes = await Promise.all([
      services.site.siteContent.save('faq', faq('A?'), editor),
      services.site.siteContent.save('faq', faq('B?'), editor),
    ]);
    expect(outcomes.map((outcome) => outcome.kind).sort()).toEqual(['saved', 'stale']);
    expect(await services.site.siteContent.versions('faq')).toHaveLength(1);
    expect((await services.site.siteContent.save('faq', faq('C?'), editor)).kind).toBe('stale');
  });

  it('restores an old version as a new one', async () => {
    const hero = defaultSiteContent().hero;
    await services.site.siteContent.save('hero', { ...hero, headline: 'First', version: 0 }, editor);
    await services.site.siteContent.save('hero', { ...hero, headline: 'Second', version: 1 }, editor);
    expect(await services.site.siteContent.restore('hero', 1, editor)).toMatchObject({
      kind: 'restored',
      section: { headline: 'First', version: 3 },
    });
    expect((await services.site.siteContent.current()).hero.headline).toBe('First');
    expect(await services.site.siteContent.restore('hero', 99, editor)).toEqual({ kind: 'not-found' });
  });

  it('stores nothing for invalid input', async () => {
    const outcome = await services.site.siteContent.save('studio', { ...defaultSiteContent().studio, email: 'nope', version: 0 }, editor);
    expect(outcome).toMatchObject({ kind: 'invalid', errors: { email: expect.any(Array) } });
    expect(await services.site.siteContent.versions('studio')).toEqual([]);
  });
});

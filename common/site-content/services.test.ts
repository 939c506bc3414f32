import { describe, expect, it } from 'vitest';
import { DEFAULT_SERVICES } from './default-services.ts';
import { carryFormerSlugs, lookUpService, servicePriceFrom, unknownPackageErrors } from './service-rules.ts';
import { servicesSchema, slugFromName, type Services } from './services.ts';
import { defaultSiteContent, parseSectionInput } from './sections.ts';

const services = (): Services => structuredClone(DEFAULT_SERVICES);
const errorsOf = (input: unknown) => {
  const parsed = parseSectionInput('services', { ...(input as object), version: 0 });
  return parsed.success ? {} : parsed.errors;
};

describe('the services schema', () => {
  it('ships the mixing & mastering and vocal production pages under their old addresses', () => {
    expect(DEFAULT_SERVICES.services.map((service) => service.slug)).toEqual(['mixing-mastering', 'vocal-production']);
    expect(servicesSchema.safeParse(DEFAULT_SERVICES).success).toBe(true);
  });

  it.each(['Stem Mastering', 'stem_mastering', 'stem--mastering', '-stem', 'stem-', 'stem/mastering', ''])(
    'refuses the address %j',
    (slug) => {
      const input = services();
      input.services[0]!.slug = slug;
      expect(errorsOf(input)['services.0.slug']).toBeDefined();
    },
  );

  it('takes lowercase words and digits joined by dashes, trimmed', () => {
    const input = services();
    input.services[0]!.slug = '  stem-mastering-2 ';
    expect(servicesSchema.parse(input).services[0]!.slug).toBe('stem-mastering-2');
  });

  it('refuses two services with one address, on the second', () => {
    const input = services();
    input.services[1]!.slug = 'mixing-mastering';
    expect(errorsOf(input)['services.1.slug']).toEqual(['Two services cannot share an address']);
  });

  it('refuses an icon outside the set', () => {
    const input = services() as unknown as { services: Array<Record<string, unknown>> };
    input.services[0]!.icon = 'skull';
    expect(errorsOf(input)['services.0.icon']).toBeDefined();
  });

  it('refuses a price "from the packages" when the page shows none', () => {
    const input = services();
    input.services[0]!.page.packages = [];
    expect(errorsOf(input)['services.0.priceFrom']).toEqual(['Pick at least one package, or type a price']);
  });

  it('gives a new service without an id one of its own', () => {
    const input = services();
    const { id: _id, ...added } = { ...input.services[1]!, slug: 'stem-mastering' };
    const parsed = servicesSchema.parse({ ...input, services: [...input.services, added] });
    expect(parsed.services[2]!.id).toMatch(/^s-[a-z0-9]+$/);
    expect(parsed.services[2]!.formerSlugs).toEqual([]);
  });
});

describe('the services rules', () => {
  const { packages } = defaultSiteContent();

  it('refuse a package key the packages section does not have, on that key', () => {
    const input = services();
    input.services[0]!.page.packages = ['intro', 'platinum'];
    expect(unknownPackageErrors(input, packages)).toEqual({ 'services.0.page.packages.1': ['No package has the key "platinum"'] });
    expect(unknownPackageErrors(services(), packages)).toBeNull();
  });

  it('price a service from its own packages, or its own number', () => {
    const [mixing, vocal] = services().services;
    expect(servicePriceFrom(mixing!, packages)).toBe(75);
    expect(servicePriceFrom({ ...mixing!, page: { ...mixing!.page, packages: ['premium'] } }, packages)).toBe(350);
    expect(servicePriceFrom(vocal!, packages)).toBe(100);
  });

  it('keep the old address of a renamed service, known by its id, and drop one taken by another', () => {
    const before = services();
    const renamed = services();
    renamed.services[1]!.slug = 'vocals';
    const once = carryFormerSlugs(renamed, before);
    expect(once.services[1]!.formerSlugs).toEqual(['vocal-production']);
    expect(once.services[0]!.formerSlugs).toEqual([]);

    // Renamed again: both old addresses lead to it.
    const again = structuredClone(once);
    again.services[1]!.slug = 'vocal-tuning';
    expect(carryFormerSlugs(again, once).services[1]!.formerSlugs).toEqual(['vocal-production', 'vocals']);

    // A new service takes the given-up address: it is nobody's former one any more.
    const taken = structuredClone(once);
    taken.services.push({ ...taken.services[0]!, id: 'new', slug: 'vocal-production' });
    expect(carryFormerSlugs(taken, once).services[1]!.formerSlugs).toEqual([]);
  });

  it('look an address up: a shown service, a former address, a hidden or unknown one', () => {
    const content = carryFormerSlugs(
      { ...services(), services: services().services.map((s, i) => (i === 1 ? { ...s, slug: 'vocals' } : s)) },
      services(),
    );
    expect(lookUpService(content, 'vocals')).toMatchObject({ kind: 'found' });
    expect(lookUpService(content, 'vocal-production')).toEqual({ kind: 'moved', slug: 'vocals' });
    expect(lookUpService(content, 'sound-design')).toEqual({ kind: 'missing' });
    content.services[1]!.visible = false;
    expect(lookUpService(content, 'vocals')).toEqual({ kind: 'missing' });
    expect(lookUpService(content, 'vocal-production')).toEqual({ kind: 'missing' });
  });
});

describe('slugFromName', () => {
  it.each([
    ['Stem Mastering', 'stem-mastering'],
    ['Mixing & Mastering', 'mixing-and-mastering'],
    ['  Dolby Atmos® Mixing!  ', 'dolby-atmos-mixing'],
    ['Séance Vocale', 'seance-vocale'],
    ['', ''],
  ])('%j suggests %j, an address the schema takes', (name, slug) => {
    expect(slugFromName(name)).toBe(slug);
  });
});

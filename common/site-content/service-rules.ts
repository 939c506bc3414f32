import type { FieldErrors } from '#common/validation.ts';
import { fromPrice } from './package-words.ts';
import type { Package, Packages } from './packages.ts';
import type { Service, Services } from './services.ts';
import type { Studio } from './studio.ts';
import type { TokenFacts } from './content-tokens.ts';

/*
 * What the services section means beyond its own fields: which packages a page shows, the price it
 * says "from", which service an address names (its own or a former one), and the former addresses a
 * rename leaves behind. Pure, so the pages, the API and the tests read the same rules.
 */

/** Field errors for package keys no package has (the services section refers to the packages section). */
export function unknownPackageErrors(services: Services, packages: Packages): FieldErrors | null {
  const keys = new Set(packages.packages.map((pkg) => pkg.key));
  const errors: FieldErrors = {};
  services.services.forEach((service, index) => {
    service.page.packages.forEach((key, at) => {
      if (!keys.has(key)) errors[`services.${index}.page.packages.${at}`] = [`No package has the key "${key}"`];
    });
  });
  return Object.keys(errors).length > 0 ? errors : null;
}

/** The packages a service's page shows, in its order; keys of packages removed since are skipped. */
export function servicePackages(service: Pick<Service, 'page'>, packages: Packages): Package[] {
  return service.page.packages.flatMap((key) => packages.packages.find((pkg) => pkg.key === key) ?? []);
}

/** The price a service says "from", or null when it takes it from packages it no longer has. */
export function servicePriceFrom(service: Pick<Service, 'priceFrom' | 'page'>, packages: Packages): number | null {
  if (service.priceFrom !== 'packages') return service.priceFrom;
  const shown = servicePackages(service, packages);
  return shown.length > 0 ? fromPrice(shown) : null;
}

export type ServiceLookup = { kind: 'found'; service: Service } | { kind: 'moved'; slug: string } | { kind: 'missing' };

/** The services the site shows (menus, footer, pages, sitemap, share images), in the owner's order. */
export const visibleServices = (services: Services): Service[] => services.services.filter((service) => service.visible);

/** The facts the tokens of an owner text stand for, from the content as it is: a hidden service is never among them. */
export function tokenFactsOf(content: { studio: Studio; packages: Packages; services: Services }): TokenFacts {
  return { studio: content.studio, packages: content.packages, offered: visibleServices(content.services).map((service) => service.name) };
}

/** The visible service an address names; a former address of one names its new address; hidden ones are missing. */
export function lookUpService(services: Services, slug: string): ServiceLookup {
  const visible = visibleServices(services);
  const service = visible.find((candidate) => candidate.slug === slug);
  if (service) return { kind: 'found', service };
  const moved = visible.find((candidate) => candidate.formerSlugs.includes(slug));
  return moved ? { kind: 'moved', slug: moved.slug } : { kind: 'missing' };
}

/**
 * On save: a service whose address changed (known by its id) keeps the old one as a former address,
 * so links already shared answer 301; former addresses stored before are kept whatever was sent.
 * An address in use by a service now is nobody's former one, and a former address belongs to one
 * service only (the one that gave it up last).
 */
export function carryFormerSlugs(next: Services, previous: Services): Services {
  const before = new Map(previous.services.map((service) => [service.id, service]));
  const current = new Set(next.services.map((service) => service.slug));
  const givenUp = new Map<string, string>();
  for (const service of next.services) {
    const old = before.get(service.id);
    if (old && old.slug !== service.slug) givenUp.set(old.slug, service.id);
  }
  return {
    ...next,
    services: next.services.map((service) => {
      // What was stored stays (a client that sends none does not undo a rename), then this save's own.
      const stored = before.get(service.id)?.formerSlugs ?? [];
      const own = [...stored, ...service.formerSlugs, ...[...givenUp].filter(([, id]) => id === service.id).map(([slug]) => slug)];
      const kept = own.filter((slug, index) => {
        const owner = givenUp.get(slug);
        return !current.has(slug) && own.indexOf(slug) === index && (owner === undefined || owner === service.id);
      });
      return { ...service, formerSlugs: kept.slice(-20) };
    }),
  };
}

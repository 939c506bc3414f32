import type { Package, Revisions } from './packages.ts';

/*
 * How the pages word a package's facts. Types only are imported, so a page that formats a price
 * does not ship zod; packages.ts re-exports these.
 */

export function formatPrice(usd: number): string {
  return `$${usd.toLocaleString('en-US')}`;
}

/** "2 rounds of revisions", "1 round of revisions", "Unlimited revisions"; nothing for none. */
export function revisionsWording(revisions: Revisions): string | null {
  if (revisions === 'unlimited') return 'Unlimited revisions';
  if (revisions === 0) return null;
  return `${revisions} ${revisions === 1 ? 'round' : 'rounds'} of revisions`;
}

/** The lowest price of any package: what "from $75" says. */
export function fromPrice(packages: readonly Pick<Package, 'price'>[]): number {
  return packages.length === 0 ? 0 : Math.min(...packages.map((pkg) => pkg.price));
}

/** Whole percent saved against the regular price ("Save 50%"). */
export function savingPercent(pkg: Pick<Package, 'price' | 'regularPrice'>): number {
  return pkg.regularPrice !== null && pkg.regularPrice > pkg.price ? Math.round((1 - pkg.price / pkg.regularPrice) * 100) : 0;
}

/** The new-client offer the home hero announces: the first package sold below its regular price, if any. */
export function newClientOffer(packages: readonly Package[]): (Package & { regularPrice: number; saving: number }) | null {
  const offer = packages.find((pkg) => pkg.regularPrice !== null && pkg.regularPrice > pkg.price);
  return offer ? { ...offer, regularPrice: offer.regularPrice!, saving: savingPercent(offer) } : null;
}

/** "2 with Intro Special, 3 with Standard Mix & Master and unlimited with Premium Package". */
export function revisionsByPackage(packages: readonly Package[]): string {
  const parts = packages.map((pkg) => `${pkg.revisions === 'unlimited' ? 'unlimited' : pkg.revisions} with ${pkg.name}`);
  return parts.length < 2 ? (parts[0] ?? '') : `${parts.slice(0, -1).join(', ')} and ${parts.at(-1)}`;
}

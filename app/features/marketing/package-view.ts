import { mixingPagePackage, specialSavingPercent } from '#common/site-content/format.ts';
import type { Pricing, Revisions } from '#common/site-content/pricing.ts';

/** One price card as a page shows it: the owner's package with its revisions and turnaround worded. */
export interface PackageView {
  id: 'intro' | 'standard' | 'premium';
  title: string;
  price: number;
  /** Struck through beside the price (the new-client special). */
  regularPrice: number | null;
  note: string;
  description: string;
  features: string[];
  popular: boolean;
}

/** "2 rounds of revisions", "1 round of revisions", "Unlimited revisions"; nothing for none. */
export function revisionsWording(revisions: Revisions, { free = false } = {}): string | null {
  if (revisions === 'unlimited') return 'Unlimited revisions';
  if (revisions === 0) return null;
  if (free) return `${revisions} free ${revisions === 1 ? 'revision' : 'revisions'}`;
  return `${revisions} ${revisions === 1 ? 'round' : 'rounds'} of revisions`;
}

/** "48-hour turnaround"; nothing when the package names no turnaround. */
export function turnaroundWording(hours: number | null): string | null {
  return hours === null ? null : `${hours}-hour turnaround`;
}

const present = (values: Array<string | null>) => values.filter((value): value is string => value !== null && value !== '');

function savingNote(pricing: Pricing, note: string): string {
  const saving = specialSavingPercent(pricing.newClientSpecial);
  return saving > 0 ? present([`Save ${saving}%`, note]).join(' · ') : note;
}

/** The home page's three cards; the intro card only while the new-client special is on (its price is the special's). */
export function homePackages(pricing: Pricing): PackageView[] {
  const { intro, standard, premium, newClientSpecial } = pricing;
  const cards: PackageView[] = [];
  if (newClientSpecial.enabled) {
    cards.push({
      id: 'intro',
      title: intro.title,
      price: newClientSpecial.price,
      regularPrice: newClientSpecial.regularPrice > newClientSpecial.price ? newClientSpecial.regularPrice : null,
      note: savingNote(pricing, intro.priceNote),
      description: intro.description,
      features: present([...intro.features, revisionsWording(intro.revisions), turnaroundWording(intro.turnaroundHours)]),
      popular: intro.popular,
    });
  }
  for (const [id, pkg] of [
    ['standard', standard],
    ['premium', premium],
  ] as const) {
    cards.push({
      id,
      title: pkg.title,
      price: pkg.price,
      regularPrice: pkg.regularPrice !== null && pkg.regularPrice > pkg.price ? pkg.regularPrice : null,
      note: pkg.priceNote,
      description: pkg.description,
      features: present([...pkg.features, revisionsWording(pkg.revisions), turnaroundWording(pkg.turnaroundHours)]),
      popular: pkg.popular,
    });
  }
  return cards;
}

/** The two cards of /services/mixing-mastering, in that page's own words (mixingPagePackage). */
export function mixingPackages(pricing: Pricing): PackageView[] {
  const ids = pricing.newClientSpecial.enabled ? (['intro', 'premium'] as const) : (['premium'] as const);
  return ids.map((id) => {
    const pkg = mixingPagePackage(pricing, id);
    const [first, ...rest] = pkg.features;
    // The revisions read second, after what the package is built on ("Everything in Intro").
    const features = present([first ?? null, revisionsWording(pkg.revisions, { free: id === 'intro' }), ...rest]);
    return {
      id,
      title: pkg.title,
      price: pkg.price,
      regularPrice: null,
      note: pkg.priceNote,
      description: pkg.description,
      features,
      popular: pkg.popular,
    };
  });
}

/** The lowest price a mixing & mastering client pays: the special while it is on. */
export function mixingFromPrice(pricing: Pricing): number {
  return pricing.newClientSpecial.enabled ? pricing.newClientSpecial.price : pricing.standard.price;
}

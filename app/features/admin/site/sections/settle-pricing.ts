import { formatPrice } from '#common/site-content/format.ts';
import type { Pricing, PricingDisagreement } from '#common/site-content/pricing.ts';

/** Where each disputed fact lives on the home page, and the mixing & mastering page's own reading of it. */
const FACTS: Record<PricingDisagreement['fact'], { home: string; page: string }> = {
  'intro.price': { home: 'newClientSpecial.price', page: 'mixingPage.intro.price' },
  'intro.revisions': { home: 'intro.revisions', page: 'mixingPage.intro.revisions' },
  'premium.price': { home: 'premium.price', page: 'mixingPage.premium.price' },
  'premium.revisions': { home: 'premium.revisions', page: 'mixingPage.premium.revisions' },
};

export const settlePaths = (fact: PricingDisagreement['fact']) => FACTS[fact];

/**
 * Settles one disagreement on one reading: the package takes that value and the page's own value
 * is cleared, so both pages show the package's from then on.
 */
export function settle(pricing: Pricing, found: PricingDisagreement, reading: 'home' | 'mixingPage'): Pricing {
  const next = structuredClone(pricing);
  const value = reading === 'home' ? found.home : found.mixingPage;
  const [area, field] = found.fact.split('.') as ['intro' | 'premium', 'price' | 'revisions'];
  if (field === 'price') {
    if (area === 'intro') next.newClientSpecial.price = value as number;
    else next.premium.price = value as number;
  } else {
    next[area].revisions = value;
  }
  next.mixingPage[area][field] = null;
  return next;
}

/** "Use $350 everywhere", "Use unlimited revisions everywhere". */
export function settleLabel(found: PricingDisagreement, value: number | 'unlimited'): string {
  if (found.fact.endsWith('.price')) return `Use ${formatPrice(value as number)} everywhere`;
  return `Use ${value === 'unlimited' ? 'unlimited' : value} revision${value === 1 ? '' : 's'} everywhere`;
}

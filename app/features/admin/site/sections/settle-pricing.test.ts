import { describe, expect, it } from 'vitest';
import { pricingDisagreements } from '#common/site-content/pricing.ts';
import { defaultSiteContent } from '#common/site-content/sections.ts';
import { settle, settleLabel } from './settle-pricing.ts';

const pricing = () => defaultSiteContent().pricing;
const premiumPrice = () => pricingDisagreements(pricing()).find((found) => found.fact === 'premium.price')!;

describe('settling a price both pages state differently', () => {
  it('keeps the home reading and clears the page’s own value', () => {
    const settled = settle(pricing(), premiumPrice(), 'home');
    expect(settled.premium.price).toBe(350);
    expect(settled.mixingPage.premium.price).toBeNull();
    expect(pricingDisagreements(settled).map((found) => found.fact)).toEqual(['intro.revisions']);
  });

  it('takes the page’s reading into the package, so the home page shows it too', () => {
    const settled = settle(pricing(), premiumPrice(), 'mixingPage');
    expect(settled.premium.price).toBe(150);
    expect(settled.mixingPage.premium.price).toBeNull();
  });

  it('settles revisions the same way and leaves the original pricing untouched', () => {
    const original = pricing();
    const revisions = pricingDisagreements(original).find((found) => found.fact === 'intro.revisions')!;
    const settled = settle(original, revisions, 'mixingPage');
    expect(settled.intro.revisions).toBe(3);
    expect(settled.mixingPage.intro.revisions).toBeNull();
    expect(original.intro.revisions).toBe(2);
    expect(pricingDisagreements(settled).map((found) => found.fact)).toEqual(['premium.price']);
  });

  it('words the buttons by the value they use', () => {
    expect(settleLabel(premiumPrice(), 350)).toBe('Use $350 everywhere');
    expect(settleLabel({ fact: 'intro.revisions', label: '', home: 2, mixingPage: 3 }, 'unlimited')).toBe(
      'Use unlimited revisions everywhere',
    );
    expect(settleLabel({ fact: 'intro.revisions', label: '', home: 1, mixingPage: 3 }, 1)).toBe('Use 1 revision everywhere');
  });
});

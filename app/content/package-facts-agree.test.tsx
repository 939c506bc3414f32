import { describe, expect, it, vi } from 'vitest';
import { formatPrice, revisionsWording } from '#common/site-content/package-words.ts';
import { turnaroundSpan, turnaroundText, turnaroundWording } from '#common/site-content/turnaround-words.ts';
import type { Packages } from '#common/site-content/packages.ts';
import { defaultSiteContent, type SiteContent } from '#common/site-content/sections.ts';
import { renderAllHtml, textOf } from './page-text.test-support.tsx';

vi.mock('#app/features/contact/contact-form.tsx', () => ({ ContactForm: () => null }));
vi.mock('#app/features/samples/featured-samples.tsx', () => ({ FeaturedSamples: () => null }));

/** The defaults with the packages reordered, one removed, one added and every fact changed. */
function editedPackages(): SiteContent {
  const content = defaultSiteContent();
  const [intro, , premium] = content.packages.packages;
  content.services.services[1]!.priceFrom = 95;
  content.packages = {
    packages: [
      { ...premium!, price: 410, revisions: 5, turnaround: { from: 36, to: 36, unit: 'hours' } },
      { ...intro!, price: 65, regularPrice: 130, revisions: 1, turnaround: { from: 5, to: 7, unit: 'days' } },
      {
        ...intro!,
        key: 'stem-mastering',
        name: 'Stem Mastering',
        price: 220,
        regularPrice: null,
        revisions: 'unlimited',
        turnaround: { from: 2, to: 2, unit: 'weeks' },
        popular: false,
      },
    ],
  };
  return content;
}

/** Edited packages, with the owner's own Process steps and home blocks quoting them through tokens. */
function editedProcessAndHome(): SiteContent {
  const content = editedPackages();
  content.process.steps.splice(1, 0, { title: 'Quick Quote', text: 'Your first version within {{packages.turnaround}}.' });
  content.process.cta.text = 'Answers within {{studio.responseHours}} hours, a first version within {{packages.turnaround}}.';
  const [packages, ...rest] = content.home.blocks;
  content.home.blocks = [...rest, { ...packages!, intro: 'Mixed within {{packages.turnaround}}.' }];
  return content;
}

/** Every price, revision count and turnaround a visitor can read, and what the records allow. */
function checkPages(pages: Record<string, string>, { packages }: Packages, ownPrices: number[], responseHours: number) {
  const prices = new Set([...ownPrices, ...packages.flatMap((pkg) => [pkg.price, pkg.regularPrice ?? pkg.price])].map(formatPrice));
  const hourTurnarounds = new Set(
    packages.flatMap(({ turnaround }) => (turnaround.unit === 'hours' ? [turnaround.from, turnaround.to] : [])),
  );
  const revisionsByName = new Map(packages.map((pkg) => [pkg.name, String(pkg.revisions)]));
  for (const [path, html] of Object.entries(pages)) {
    const text = textOf(html);
    for (const [price] of text.matchAll(/\$[\d,]+/g)) expect(prices, `${path}: ${price}`).toContain(price);
    for (const [, hours] of text.matchAll(/(\d+)[- ]hours?\b/g)) {
      if (Number(hours) !== responseHours) expect(hourTurnarounds, `${path}: ${hours} hours`).toContain(Number(hours));
    }
    // A turnaround in days or weeks is never turned into hours ("168-hour turnaround").
    expect(text, path).not.toMatch(/\b(1[2-9]\d|[2-9]\d\d)[- ]hours?\b/);
    for (const [, count, name] of text.matchAll(/(\d+|unlimited) with ([^,.]+?)(?=,| and |\.)/g))
      expect(revisionsByName.get(name!.trim()), `${path}: ${count} with ${name}`).toBe(count);

    // Each package card says its own price, revisions and turnaround, and no other.
    for (const [card] of html.matchAll(/<article[\s\S]*?<\/article>/g)) {
      const key = /data-testid="price-([^"]+)"/.exec(card)?.[1];
      if (!key) continue;
      const pkg = packages.find((candidate) => candidate.key === key)!;
      const words = textOf(card);
      expect(words, `${path}: ${key}`).toContain(formatPrice(pkg.price));
      expect(words.match(/[\d–-]+ ?(hour|day|business day|week) turnaround/g), `${path}: ${key}`).toEqual([
        turnaroundWording(pkg.turnaround),
      ]);
      const revisions = words.match(/(\d+ rounds? of revisions|Unlimited revisions)/g) ?? [];
      expect(revisions, `${path}: ${key}`).toEqual([revisionsWording(pkg.revisions)].filter(Boolean));
    }
  }
}

describe('every price, revision count and turnaround on the pages is a package record', () => {
  it.each([
    ['the defaults', defaultSiteContent()],
    ['edited packages', editedPackages()],
    ['edited packages, process and home', editedProcessAndHome()],
  ])('%s', async (_name, content) => {
    const pages = await renderAllHtml(content);
    const ownPrices = content.services.services.flatMap((service) => (typeof service.priceFrom === 'number' ? [service.priceFrom] : []));
    checkPages(pages, content.packages, ownPrices, content.studio.responseHours);
    // The Process page and the home page are among the pages checked, with the owner's words in them.
    const process = textOf(pages['/process']!);
    expect(process).toContain(`Step ${content.process.steps.length}: ${content.process.steps.at(-1)!.title}`);
    expect(process).toContain(`within ${turnaroundSpan(content.packages.packages.map((pkg) => pkg.turnaround))} of complete files`);
    for (const pkg of content.packages.packages) expect(process).toContain(`${pkg.name} ${turnaroundText(pkg.turnaround)}`);
    expect(textOf(pages['/']!)).toContain(content.home.blocks.find((block) => block.key === 'preparing')!.title);
    const cards = (path: string) => [...pages[path]!.matchAll(/data-testid="price-([^"]+)"/g)].map((match) => match[1]);
    const keys = content.packages.packages.map((pkg) => pkg.key);
    expect(cards('/')).toEqual(keys);
    // The mixing page shows the packages its service lists, in its order, skipping any removed since.
    expect(cards('/services/mixing-mastering')).toEqual(content.services.services[0]!.page.packages.filter((key) => keys.includes(key)));
  });
});

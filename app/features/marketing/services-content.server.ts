import { data, redirect, type RouterContextProvider } from 'react-router';
import { parseMarkdown } from '#common/markdown.ts';
import { fillContentTokens, fillTextTokens, type TokenFacts } from '#common/site-content/content-tokens.ts';
import { newClientOffer } from '#common/site-content/package-words.ts';
import { lookUpService, servicePackages, servicePriceFrom, tokenFactsOf, visibleServices } from '#common/site-content/service-rules.ts';
import { servicePath, type Service } from '#common/site-content/services.ts';
import type { SiteContent } from '#common/site-content/sections.ts';
import { fromContext } from '#app/lib/server-context.server.ts';
import { packageCards } from './package-view.ts';

/*
 * The loaders' share of the services section: tokens filled and Markdown parsed here, on the
 * server, so the pages get plain words and a plain tree. Hidden services appear nowhere.
 */

const visible = (content: SiteContent) => visibleServices(content.services);

/** A service as a card or a line of the glance: its words filled in and its price worked out. */
function serviceCard(service: Service, content: SiteContent, facts: TokenFacts) {
  const price = servicePriceFrom(service, content.packages);
  const special = newClientOffer(servicePackages(service, content.packages));
  return {
    slug: service.slug,
    path: servicePath(service.slug),
    name: fillTextTokens(service.name, facts),
    summary: fillTextTokens(service.summary, facts),
    icon: service.icon,
    points: service.points.map((point) => fillTextTokens(point, facts)),
    price,
    // The offer's own name ("Intro Special") when the lowest price is a package sold below its regular price.
    priceLabel: special !== null && special.price === price ? fillTextTokens(special.name, facts) : 'Starting at',
  };
}

/** The /services page: its intro, one card per shown service, and the reasons to choose the studio. */
export async function servicesOverview(context: Readonly<RouterContextProvider>) {
  const content = await fromContext(context).services.site.siteContent.current();
  const facts = tokenFactsOf(content);
  const { intro, whyChooseUs, ctaTitle } = content.services;
  return {
    intro: fillTextTokens(intro, facts),
    ctaTitle: fillTextTokens(ctaTitle, facts),
    cards: visible(content).map((service) => serviceCard(service, content, facts)),
    whyChooseUs: whyChooseUs.map((item) => ({ title: fillTextTokens(item.title, facts), text: fillTextTokens(item.text, facts) })),
  };
}

/** The contact page's glance: each shown service's name, address and "from" price (no more in the page's data). */
export async function servicesGlance(context: Readonly<RouterContextProvider>) {
  const content = await fromContext(context).services.site.siteContent.current();
  const facts = tokenFactsOf(content);
  return visible(content).map((service) => ({
    path: servicePath(service.slug),
    name: fillTextTokens(service.name, facts),
    price: servicePriceFrom(service, content.packages),
  }));
}

/**
 * One service's page. A former address answers 301 to today's; an unknown or hidden service is the
 * site's 404. The query string is not carried over: visitors' pages are rendered by path alone (the
 * public cache), so the answer is the same for every query.
 */
export async function servicePage(context: Readonly<RouterContextProvider>, slug: string | undefined) {
  const content = await fromContext(context).services.site.siteContent.current();
  const found = lookUpService(content.services, slug ?? '');
  if (found.kind === 'moved') throw redirect(servicePath(found.slug), 301);
  if (found.kind === 'missing') throw data(null, { status: 404 });
  const { service } = found;
  const facts = tokenFactsOf(content);
  const fill = (text: string) => fillTextTokens(text, facts);
  return {
    ...serviceCard(service, content, facts),
    intro: fill(service.page.intro),
    keywords: service.keywords.map(fill),
    sections: service.page.sections.map((section) => ({
      eyebrow: fill(section.eyebrow),
      title: fill(section.title),
      body: parseMarkdown(fillContentTokens(section.body, facts)),
      itemsAs: section.itemsAs,
      items: section.items.map((item) => ({ title: fill(item.title), text: fill(item.text) })),
    })),
    packagesTitle: fill(service.page.packagesTitle),
    packages: packageCards(servicePackages(service, content.packages)),
    cta: { title: fill(service.page.cta.title), text: fill(service.page.cta.text), button: fill(service.page.cta.button) },
  };
}
export type ServicePageView = Awaited<ReturnType<typeof servicePage>>;

import type { RouterContextProvider } from 'react-router';
import { tokenFactsOf, visibleServices } from '#common/site-content/service-rules.ts';
import { locationLabel } from '#common/site-content/format.ts';
import { parseMarkdown } from '#common/markdown.ts';
import { fillContentTokens, fillTextTokens } from '#common/site-content/content-tokens.ts';
import { formatEffectiveDate } from '#common/site-content/policies.ts';
import { fromContext } from '#app/lib/server-context.server.ts';

/*
 * The page loaders' share of the owner's content: each page takes the sections it shows beyond the
 * root's essentials. Markdown is parsed here, on the server, so the parser never reaches the
 * browser; the pages receive a plain tree (common/markdown.ts).
 */

export async function aboutContent(context: Readonly<RouterContextProvider>) {
  const content = await fromContext(context).services.site.siteContent.current();
  const { biography, stats, ...rest } = content.about;
  const facts = tokenFactsOf(content);
  return {
    about: {
      ...rest,
      stats: stats.map((stat) => ({ value: fillTextTokens(stat.value, facts), label: fillTextTokens(stat.label, facts) })),
      biography: parseMarkdown(fillContentTokens(biography, facts)),
    },
    testimonials: content.testimonials.testimonials,
  };
}

export async function faqContent(context: Readonly<RouterContextProvider>) {
  const content = await fromContext(context).services.site.siteContent.current();
  const fill = (text: string) => fillTextTokens(text, tokenFactsOf(content));
  return { faq: content.faq.faq.map((entry) => ({ question: fill(entry.question), answer: fill(entry.answer) })) };
}

/** The home hero with the studio's facts filled into its words. */
export async function heroContent(context: Readonly<RouterContextProvider>) {
  const content = await fromContext(context).services.site.siteContent.current();
  const { hero } = content;
  const fill = (text: string) => fillTextTokens(text, tokenFactsOf(content));
  const built = [...visibleServices(content.services).map((service) => fill(service.name)), locationLabel(content.studio.location)];
  const serviceLine = fill(hero.serviceLine) || built.join(' · ');
  return { ...hero, serviceLine, headline: fill(hero.headline), description: fill(hero.description) };
}

/** A policy with the studio's facts filled in, parsed, and its effective date worded. */
export async function policyContent(context: Readonly<RouterContextProvider>, which: 'privacy' | 'terms') {
  const content = await fromContext(context).services.site.siteContent.current();
  const policy = content.policies[which];
  return {
    effectiveDate: formatEffectiveDate(policy.effectiveDate),
    body: parseMarkdown(fillContentTokens(policy.body, tokenFactsOf(content))),
  };
}

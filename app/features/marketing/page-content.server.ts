import type { RouterContextProvider } from 'react-router';
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
  const { about, studio, packages, testimonials } = await fromContext(context).services.site.siteContent.current();
  const { biography, stats, ...rest } = about;
  const facts = { studio, packages };
  return {
    about: {
      ...rest,
      stats: stats.map((stat) => ({ value: fillTextTokens(stat.value, facts), label: fillTextTokens(stat.label, facts) })),
      biography: parseMarkdown(fillContentTokens(biography, facts)),
    },
    testimonials: testimonials.testimonials,
  };
}

export async function faqContent(context: Readonly<RouterContextProvider>) {
  const { faq, studio, packages } = await fromContext(context).services.site.siteContent.current();
  const fill = (text: string) => fillTextTokens(text, { studio, packages });
  return { faq: faq.faq.map((entry) => ({ question: fill(entry.question), answer: fill(entry.answer) })) };
}

/** The home hero with the studio's facts filled into its words. */
export async function heroContent(context: Readonly<RouterContextProvider>) {
  const { hero, studio, packages } = await fromContext(context).services.site.siteContent.current();
  const fill = (text: string) => fillTextTokens(text, { studio, packages });
  return { ...hero, headline: fill(hero.headline), description: fill(hero.description) };
}

/** A policy with the studio's facts filled in, parsed, and its effective date worded. */
export async function policyContent(context: Readonly<RouterContextProvider>, which: 'privacy' | 'terms') {
  const { services } = fromContext(context);
  const [{ policies, studio, packages }, analytics] = await Promise.all([
    services.site.siteContent.current(),
    services.insights.settings.read(),
  ]);
  const policy = policies[which];
  return {
    effectiveDate: formatEffectiveDate(policy.effectiveDate),
    body: parseMarkdown(fillContentTokens(policy.body, { studio, packages, analytics })),
  };
}

import type { RouterContextProvider } from 'react-router';
import { tokenFactsOf, visibleServices } from '#common/site-content/service-rules.ts';
import { locationLabel } from '#common/site-content/format.ts';
import { parseMarkdown } from '#common/markdown.ts';
import { fillContentTokens, fillTextTokens, type TokenFacts } from '#common/site-content/content-tokens.ts';
import type { SiteContent } from '#common/site-content/sections.ts';
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
      valuesEyebrow: fillTextTokens(rest.valuesEyebrow, facts),
      valuesTitle: fillTextTokens(rest.valuesTitle, facts),
      values: rest.values.map((value) => ({ title: fillTextTokens(value.title, facts), text: fillTextTokens(value.text, facts) })),
      ctaTitle: fillTextTokens(rest.ctaTitle, facts),
      ctaText: fillTextTokens(rest.ctaText, facts),
    },
    testimonials: content.testimonials.testimonials,
    testimonialsHeading: testimonialsHeadingOf(content, facts),
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

/** The testimonials' heading as the home page's block has it (the owner renames it there), filled like the block. */
function testimonialsHeadingOf(content: SiteContent, facts: TokenFacts) {
  const block = content.home.blocks.find((candidate) => candidate.key === 'testimonials');
  return block
    ? {
        eyebrow: fillTextTokens(block.eyebrow, facts),
        title: fillTextTokens(block.title, facts),
        intro: fillTextTokens(block.intro, facts),
      }
    : undefined;
}

/** A policy with the studio's facts filled in, parsed, and its effective date worded. */
export async function policyContent(context: Readonly<RouterContextProvider>, which: 'privacy' | 'terms') {
  const { services } = fromContext(context);
  const [content, analytics] = await Promise.all([services.site.siteContent.current(), services.insights.settings.read()]);
  const policy = content.policies[which];
  return {
    effectiveDate: formatEffectiveDate(policy.effectiveDate),
    body: parseMarkdown(fillContentTokens(policy.body, { ...tokenFactsOf(content), analytics })),
  };
}

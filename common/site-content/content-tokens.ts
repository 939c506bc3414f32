import { analyticsPolicyWords, type InsightSettings } from '#common/insights.ts';
import { RETENTION_DAYS } from '#common/retention.ts';
import type { Packages } from './packages.ts';
import { revisionsByPackage } from './package-words.ts';
import { turnaroundSpan } from './turnaround-words.ts';
import { locationLabel } from './format.ts';
import type { Studio } from './studio.ts';

/**
 * Owner texts (hero, tagline, biography, stats, FAQ answers, policies) name the studio's facts
 * through tokens instead of copying them, so renaming the studio, moving it or changing a package's
 * turnaround updates every text: `{{studio.name}}`, `{{studio.city}}`... `{{a studio.city}}` puts
 * the right article before the value ("a Decatur", "an Atlanta"). Unknown tokens stay as typed. In
 * Markdown the values are escaped, so a studio name cannot inject syntax.
 */
export const CONTENT_TOKENS = [
  'studio.name',
  'studio.city',
  'studio.location',
  'studio.email',
  'studio.responseHours',
  'studio.experience',
  'packages.turnaround',
  'packages.revisions',
  'services.offered',
  'files.retentionDays',
  'site.analytics',
] as const;

/**
 * Tokens only a proposal can fill: the service agreement names the payment plan, which each proposal
 * sets. Elsewhere (the editor's preview, a page) they stay as typed.
 */
export const PROPOSAL_TOKENS = ['plan.terms'] as const;
export type ContentToken = (typeof CONTENT_TOKENS)[number] | (typeof PROPOSAL_TOKENS)[number];

/** How the editor names each token on its chips. */
export const TOKEN_LABELS: Record<ContentToken, string> = {
  'studio.name': 'Studio name',
  'studio.city': 'City',
  'studio.location': 'City, region',
  'studio.email': 'Public e-mail',
  'studio.responseHours': 'Reply time (hours)',
  'studio.experience': 'Years of experience',
  'packages.turnaround': 'Package turnaround',
  'packages.revisions': 'Revisions per package',
  'services.offered': 'Services shown on the site',
  'files.retentionDays': 'Days files are kept',
  'site.analytics': 'What visitor statistics count (or that counting is off)',
  'plan.terms': 'Payment plan (each proposal’s own)',
};

/** The facts tokens stand for; without the packages (or a proposal's plan), their token stays as typed. */
export interface TokenFacts {
  studio: Studio;
  packages?: Packages;
  /** The names of the services the site shows (visibleServices), so a hidden one is never named. */
  offered?: readonly string[];
  /** A proposal's payment plan in words ("50 % on signing, the rest before delivery"). */
  planTerms?: string;
  /** The owner's visitor-statistics settings (issue 45): what `site.analytics` says is counted. */
  analytics?: InsightSettings;
}

/** "A", "A and B", "A, B and C". */
export function listWords(parts: readonly string[]): string {
  return parts.length < 2 ? (parts[0] ?? '') : `${parts.slice(0, -1).join(', ')} and ${parts.at(-1)}`;
}

/** "an" before a vowel sound as written (Atlanta, Orlando, Eastpoint), else "a" (Decatur, Union City). */
export function indefiniteArticle(word: string): 'a' | 'an' {
  return /^[aeio]/i.test(word.trim()) ? 'an' : 'a';
}

/** "An Atlanta", "A Decatur": the article with the word, for the start of a sentence. */
export function withArticle(word: string, { capital = false } = {}): string {
  const article = indefiniteArticle(word);
  return `${capital ? article[0]!.toUpperCase() + article.slice(1) : article} ${word}`;
}

export function tokenValues({ studio, packages, offered, planTerms, analytics }: TokenFacts): Partial<Record<ContentToken, string>> {
  return {
    'studio.name': studio.name,
    'studio.city': studio.location.city,
    'studio.location': locationLabel(studio.location),
    'studio.email': studio.email,
    'studio.responseHours': String(studio.responseHours),
    'studio.experience': `${studio.experienceYears}+`,
    ...(packages ? { 'packages.turnaround': turnaroundSpan(packages.packages.map((pkg) => pkg.turnaround)) } : {}),
    ...(packages ? { 'packages.revisions': revisionsByPackage(packages.packages) } : {}),
    ...(offered ? { 'services.offered': listWords(offered) } : {}),
    'files.retentionDays': String(RETENTION_DAYS),
    ...(planTerms === undefined ? {} : { 'plan.terms': planTerms }),
    ...(analytics ? { 'site.analytics': analyticsPolicyWords(analytics) } : {}),
  };
}

/** Every `{{token}}` and `{{a token}}` / `{{A token}}` in a text. */
export const TOKEN_PATTERN = /\{\{\s*(?:([aA])\s+)?([\w.]+)\s*\}\}/g;

function fill(text: string, facts: TokenFacts, escape: (value: string) => string): string {
  const values = tokenValues(facts);
  return text.replace(TOKEN_PATTERN, (whole, article: string | undefined, token: string) => {
    const value = values[token as ContentToken];
    if (value === undefined) return whole;
    return escape(article ? withArticle(value, { capital: article === 'A' }) : value);
  });
}

function escapeMarkdown(value: string): string {
  return value.replace(/[\\`*_{}[\]()#+\-.!<>|~]/g, (char) => `\\${char}`);
}

/** Tokens filled into Markdown (values escaped). */
export function fillContentTokens(markdown: string, facts: TokenFacts): string {
  return fill(markdown, facts, escapeMarkdown);
}

/** Tokens filled into plain text (an FAQ answer, the hero): values as they are. */
export function fillTextTokens(text: string, facts: TokenFacts): string {
  return fill(text, facts, (value) => value);
}

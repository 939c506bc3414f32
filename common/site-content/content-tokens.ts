import type { Packages } from './packages.ts';
import { turnaroundSpan } from './package-words.ts';
import { locationLabel, type Studio } from './studio.ts';

/**
 * Owner texts (biography, policies, FAQ answers) may name the studio's facts through tokens instead
 * of copying them, so renaming the studio or changing a package's turnaround updates them too:
 * `{{studio.name}}`, `{{packages.turnaround}}`... Unknown tokens stay as typed. In Markdown the
 * values are escaped, so a studio name cannot inject syntax.
 */
export const CONTENT_TOKENS = ['studio.name', 'studio.email', 'studio.location', 'studio.responseHours', 'packages.turnaround'] as const;
export type ContentToken = (typeof CONTENT_TOKENS)[number];

/** The facts tokens stand for; without the packages, their tokens stay as typed. */
export interface TokenFacts {
  studio: Studio;
  packages?: Packages;
}

function escapeMarkdown(value: string): string {
  return value.replace(/[\\`*_{}[\]()#+\-.!<>|~]/g, (char) => `\\${char}`);
}

function tokenValues({ studio, packages }: TokenFacts): Partial<Record<ContentToken, string>> {
  return {
    'studio.name': studio.name,
    'studio.email': studio.email,
    'studio.location': locationLabel(studio.location),
    'studio.responseHours': String(studio.responseHours),
    ...(packages ? { 'packages.turnaround': turnaroundSpan(packages.packages) } : {}),
  };
}

function fill(text: string, facts: TokenFacts, escape: (value: string) => string): string {
  const values = tokenValues(facts);
  return text.replace(/\{\{\s*([\w.]+)\s*\}\}/g, (whole, token: string) => {
    const value = values[token as ContentToken];
    return value === undefined ? whole : escape(value);
  });
}

/** Tokens filled into Markdown (values escaped). */
export function fillContentTokens(markdown: string, facts: TokenFacts): string {
  return fill(markdown, facts, escapeMarkdown);
}

/** Tokens filled into plain text (an FAQ answer): values as they are. */
export function fillTextTokens(text: string, facts: TokenFacts): string {
  return fill(text, facts, (value) => value);
}

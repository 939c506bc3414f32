import { locationLabel } from './format.ts';
import type { Studio } from './studio.ts';

/**
 * Long owner texts (biography, policies) may name the studio's facts through tokens instead of
 * copying them, so renaming the studio or changing its e-mail updates the policies too:
 * `{{studio.name}}`, `{{studio.email}}`, `{{studio.location}}`, `{{studio.responseHours}}`.
 * Unknown tokens stay as typed. Values are escaped for Markdown, so a studio name cannot inject syntax.
 */
export const CONTENT_TOKENS = ['studio.name', 'studio.email', 'studio.location', 'studio.responseHours'] as const;

function escapeMarkdown(value: string): string {
  return value.replace(/[\\`*_{}[\]()#+\-.!<>|~]/g, (char) => `\\${char}`);
}

export function fillContentTokens(markdown: string, studio: Studio): string {
  const values: Record<(typeof CONTENT_TOKENS)[number], string> = {
    'studio.name': studio.name,
    'studio.email': studio.email,
    'studio.location': locationLabel(studio.location),
    'studio.responseHours': String(studio.responseHours),
  };
  return markdown.replace(/\{\{\s*([\w.]+)\s*\}\}/g, (whole, token: string) =>
    token in values ? escapeMarkdown(values[token as keyof typeof values]) : whole,
  );
}

import { describe, expect, it } from 'vitest';
import { fillContentTokens, fillTextTokens, indefiniteArticle, withArticle } from './content-tokens.ts';
import { defaultSiteContent } from './sections.ts';
import { RETENTION_DAYS } from '#common/retention.ts';

const facts = () => {
  const { studio, packages } = defaultSiteContent();
  return { studio: { ...studio, location: { ...studio.location, city: 'Decatur' } }, packages };
};

describe('content tokens', () => {
  it('fill the facts, with the article the value needs when asked', () => {
    expect(fillTextTokens('{{A studio.city}} studio, {{a studio.city}} sound, {{studio.experience}} years', facts())).toBe(
      'A Decatur studio, a Decatur sound, 17+ years',
    );
    expect(withArticle('Atlanta', { capital: true })).toBe('An Atlanta');
    expect(['Orlando', 'Eastpoint', 'Macon', 'Union City'].map(indefiniteArticle)).toEqual(['an', 'an', 'a', 'a']);
  });

  it('word the packages turnaround and leave unknown tokens as typed', () => {
    expect(fillTextTokens('within {{packages.turnaround}} {{studio.nope}}', facts())).toBe('within 48 to 72 hours {{studio.nope}}');
    expect(fillTextTokens('{{packages.turnaround}}', { studio: facts().studio })).toBe('{{packages.turnaround}}');
  });

  it('fill the days files are kept, and the plan only where a proposal gives it', () => {
    expect(fillTextTokens('kept {{files.retentionDays}} days', facts())).toBe(`kept ${RETENTION_DAYS} days`);
    expect(fillTextTokens('{{plan.terms}}', facts())).toBe('{{plan.terms}}');
    expect(fillContentTokens('{{plan.terms}}', { ...facts(), planTerms: '50 % on signing' })).toBe('50 % on signing');
  });

  it('leave nothing unfilled in the default agreement once a proposal gives its plan', () => {
    const { agreement } = defaultSiteContent();
    const filled = fillContentTokens(agreement.body, { ...facts(), planTerms: 'All of it on signing' });
    expect(filled).not.toMatch(/\{\{/);
    expect(filled).toContain('## Payment\n\nAll of it on signing\n');
    expect(filled).toContain('a Decatur, GA studio');
  });

  it('escape values for Markdown only', () => {
    const studio = { ...facts().studio, name: '*Bold* [x](javascript:y)' };
    expect(fillContentTokens('{{studio.name}}', { studio })).toBe('\\*Bold\\* \\[x\\]\\(javascript:y\\)');
    expect(fillTextTokens('{{studio.name}}', { studio })).toBe('*Bold* [x](javascript:y)');
  });
});

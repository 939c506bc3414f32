import { describe, expect, it } from 'vitest';
import { parseMarkdown } from '#common/markdown.ts';
import { fillContentTokens } from '#common/site-content/content-tokens.ts';
import { defaultSiteContent } from '#common/site-content/sections.ts';
import { tokenFactsOf } from '#common/site-content/service-rules.ts';

/** The privacy policy as the page receives it (parsed, so escapes are gone), with the owner's visitor-statistics settings. */
function privacyPolicyWith(analytics: { counting: boolean; honourPrivacySignals: boolean }): string {
  const content = defaultSiteContent();
  return JSON.stringify(parseMarkdown(fillContentTokens(content.policies.privacy.body, { ...tokenFactsOf(content), analytics })));
}

describe('the privacy policy’s analytics token', () => {
  it('states what is counted while counting is on, and whether Do Not Track is honoured', () => {
    const honoured = privacyPolicyWith({ counting: true, honourPrivacySignals: true });
    expect(honoured).toContain('This website counts its visits without cookies and without keeping your IP address');
    expect(honoured).toContain('Single events are deleted after 30 days; only daily totals are kept.');
    expect(honoured).toContain('Browsers that send Do Not Track or Global Privacy Control are not counted at all.');
    expect(honoured).not.toContain('{{');
    expect(privacyPolicyWith({ counting: true, honourPrivacySignals: false })).not.toContain('Do Not Track');
  });

  it('says nothing is counted while counting is off', () => {
    const off = privacyPolicyWith({ counting: false, honourPrivacySignals: true });
    expect(off).toContain('This website does not keep visitor statistics: no page view, play or click is counted.');
    expect(off).not.toContain('without cookies and without keeping');
  });
});

import { HtmlValidate } from 'html-validate/node';

/**
 * The validator an e-mail's HTML part must pass: html-validate's recommended rules, less three that
 * are about web pages: inline styles (mail apps drop <style> and stylesheets, so e-mail needs them),
 * role="presentation" over its newer synonym "none" (older screen readers and mail apps know only
 * it), and a title under 70 characters (a search result's; the title here is the mail's subject).
 */
const validator = new HtmlValidate({
  extends: ['html-validate:recommended'],
  rules: { 'no-inline-style': 'off', 'presentation-role-style': 'off', 'long-title': 'off' },
});

/** What the validator finds wrong with an HTML part, one line each (none: valid). */
export function emailHtmlProblems(html: string): string[] {
  return validator
    .validateStringSync(html)
    .results.flatMap((result) => result.messages.map((message) => `${message.ruleId} (line ${message.line}): ${message.message}`));
}

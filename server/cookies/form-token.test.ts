import { describe, expect, it } from 'vitest';
import { issueContactFormToken, judgeContactFormToken } from './form-token.ts';

const secret = 'a-session-secret-of-at-least-32-chars!';

describe('contact form render token', () => {
  const renderedAt = Date.parse('2026-03-01T12:00:00Z');
  const token = issueContactFormToken(secret, renderedAt);

  it('passes a form sent 2 seconds or more after render', () => {
    expect(judgeContactFormToken(secret, token, renderedAt + 2000)).toBe('human');
    expect(judgeContactFormToken(secret, token, renderedAt + 3 * 60 * 60_000)).toBe('human');
  });

  it('flags a form sent sooner than 2 seconds as too fast', () => {
    expect(judgeContactFormToken(secret, token, renderedAt + 1999)).toBe('too-fast');
    expect(judgeContactFormToken(secret, token, renderedAt)).toBe('too-fast');
  });

  it('flags a token signed with another secret, edited, from the future or of the wrong type as forged', () => {
    expect(judgeContactFormToken('another-secret-another-secret-another', token, renderedAt + 5000)).toBe('forged');
    const [, signature] = token.split('.');
    expect(judgeContactFormToken(secret, `${renderedAt - 60_000}.${signature}`, renderedAt + 5000)).toBe('forged');
    expect(judgeContactFormToken(secret, issueContactFormToken(secret, renderedAt + 60_000), renderedAt)).toBe('forged');
    expect(judgeContactFormToken(secret, 'garbage', renderedAt)).toBe('forged');
    expect(judgeContactFormToken(secret, 12345, renderedAt)).toBe('forged');
  });

  it('accepts no token at all: API clients of the spec contract do not send one', () => {
    for (const missing of [undefined, null, '']) expect(judgeContactFormToken(secret, missing, renderedAt)).toBe('absent');
  });
});

import { describe, expect, it } from 'vitest';
import { splitLinks } from './linkify.ts';

describe('splitLinks', () => {
  it('makes http and https addresses links and keeps the rest as text', () => {
    expect(splitLinks('Like this: https://example.com/ref?t=42 but darker')).toEqual([
      { kind: 'text', text: 'Like this: ' },
      { kind: 'link', text: 'https://example.com/ref?t=42', href: 'https://example.com/ref?t=42' },
      { kind: 'text', text: ' but darker' },
    ]);
  });

  it('leaves sentence punctuation outside the link, but keeps a parenthesis the address opened', () => {
    expect(splitLinks('See http://a.test/x.')[1]).toEqual({ kind: 'link', text: 'http://a.test/x', href: 'http://a.test/x' });
    expect(splitLinks('(http://a.test/x)')[1]?.text).toBe('http://a.test/x');
    expect(splitLinks('http://a.test/Song_(demo) ok')[0]?.text).toBe('http://a.test/Song_(demo)');
  });

  it('never links other schemes or markup', () => {
    for (const text of ['javascript:alert(1)', '<a href="https://x.test">x</a> data:text/html,hi', 'ftp://files.test/a']) {
      const joined = splitLinks(text)
        .map((part) => part.text)
        .join('');
      expect(joined).toBe(text);
      for (const part of splitLinks(text)) if (part.kind === 'link') expect(part.href).toMatch(/^https:\/\/x\.test/);
    }
  });

  it('gives back the text itself when there is nothing to link', () => {
    expect(splitLinks('The vocal is too loud')).toEqual([{ kind: 'text', text: 'The vocal is too loud' }]);
    expect(splitLinks('')).toEqual([]);
  });
});

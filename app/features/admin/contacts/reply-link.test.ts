import { describe, expect, it } from 'vitest';
import { replyMailto } from './reply-link.ts';

describe('reply link', () => {
  it('addresses the visitor with the subject and the quoted message', () => {
    const href = replyMailto({ name: 'Ada', email: 'ada+mix@example.com', message: 'Line one & two?\n\nMix #3 = 100%' }, 'ATL Audio');
    const url = new URL(href);
    expect(url.protocol).toBe('mailto:');
    expect(decodeURIComponent(url.pathname)).toBe('ada+mix@example.com');
    // A decoder that treats + as a space would still read the subject right: spaces are %20.
    expect(href).toContain('subject=Re%3A%20your%20enquiry%20to%20ATL%20Audio&body=');
    expect(url.searchParams.get('subject')).toBe('Re: your enquiry to ATL Audio');
    expect(url.searchParams.get('body')).toBe('\r\n\r\nAda wrote:\r\n> Line one & two?\r\n>\r\n> Mix #3 = 100%\r\n');
  });

  it('keeps characters that would end the address inside it', () => {
    const href = replyMailto({ name: 'X', email: 'odd?#%@example.com', message: 'hi' }, 'S');
    expect(href.startsWith('mailto:odd%3F%23%25@example.com?subject=')).toBe(true);
  });
});

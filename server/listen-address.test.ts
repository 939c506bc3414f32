import { describe, expect, it } from 'vitest';
import { describeListenAddress } from './listen-address.ts';

describe('the start-up line', () => {
  it('names one interface as a URL to open', () => {
    expect(describeListenAddress({ address: '127.0.0.1', family: 'IPv4', port: 3000 })).toBe('listening on http://127.0.0.1:3000');
    expect(describeListenAddress({ address: '::1', family: 'IPv6', port: 8080 })).toBe('listening on http://[::1]:8080');
  });

  it('says when it is every interface, with the local URL', () => {
    expect(describeListenAddress({ address: '0.0.0.0', family: 'IPv4', port: 3000 })).toBe(
      'listening on 0.0.0.0:3000 (every interface; open http://localhost:3000)',
    );
    expect(describeListenAddress({ address: '::', family: 'IPv6', port: 3000 })).toBe(
      'listening on [::]:3000 (every interface; open http://localhost:3000)',
    );
  });
});

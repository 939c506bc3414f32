import { describe, expect, it } from 'vitest';
import { isPublicAddress } from './public-address.ts';

describe('which addresses the calendar may be fetched from', () => {
  it('refuses loopback, private, link-local and reserved addresses in every spelling a resolver gives', () => {
    for (const address of [
      '127.0.0.1',
      '127.1.2.3',
      '0.0.0.0',
      '10.0.0.8',
      '172.16.4.1',
      '172.31.255.255',
      '192.168.1.10',
      '169.254.169.254',
      '100.64.0.1',
      '224.0.0.1',
      '255.255.255.255',
      '::1',
      '[::1]',
      '::',
      '::ffff:127.0.0.1',
      '::ffff:7f00:1',
      '::FFFF:A9FE:A9FE',
      '64:ff9b::10.0.0.1',
      'fe80::1%eth0',
      'fd12:3456::1',
      'ff02::1',
      'not an address',
    ]) {
      expect(isPublicAddress(address), address).toBe(false);
    }
  });

  it('allows addresses on the public internet', () => {
    for (const address of ['8.8.8.8', '172.32.0.1', '192.169.0.1', '2607:f8b0:4004:c07::64', '::ffff:8.8.8.8']) {
      expect(isPublicAddress(address), address).toBe(true);
    }
  });
});

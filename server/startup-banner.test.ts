import { describe, expect, it } from 'vitest';
import { startupBanner } from './startup-banner.ts';

const local = { address: '127.0.0.1', family: 'IPv4', port: 3000 };

describe('the start-up banner', () => {
  it('says where to open the site and the admin, and how the first admin signs in', () => {
    const banner = startupBanner({
      version: '0.4.0',
      address: local,
      publicUrl: 'https://studio.example.com',
      mail: { destination: '/srv/studio/data/outbox', outbox: true },
      initialAdmin: { username: 'admin', file: '/srv/studio/data/initial-admin-password.txt' },
    });
    expect(banner.split('\n')).toEqual([
      '',
      '  The studio site 0.4.0 is running.',
      '  Open     http://127.0.0.1:3000',
      '  Admin    http://127.0.0.1:3000/manage',
      '  Public   https://studio.example.com',
      '  Sign in  as admin, with the password in /srv/studio/data/initial-admin-password.txt',
      '  Mail     kept in /srv/studio/data/outbox (no SMTP_URL)',
      '  Stop     Ctrl+C',
      '',
    ]);
  });

  it('leaves out what does not apply: a password already chosen, real mail, the same public address', () => {
    const banner = startupBanner({
      version: '0.4.0',
      address: { address: '0.0.0.0', family: 'IPv4', port: 8080 },
      publicUrl: 'http://localhost:8080',
      mail: { destination: 'smtps://mail.example.com', outbox: false },
      initialAdmin: null,
    });
    expect(banner).toContain('Open       http://localhost:8080');
    expect(banner).toContain('Listening  every interface, port 8080');
    expect(banner).not.toMatch(/Public|Sign in|Mail/);
  });
});

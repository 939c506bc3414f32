import { describe, expect, it } from 'vitest';
import { KNOWN_VARIABLES } from './config.ts';
import { editDistance, misspelledVariables } from './misspelled-variables.ts';

describe('misspelled variables', () => {
  it('counts a swap of two neighbouring letters as one edit', () => {
    expect(editDistance('DATABSE_URL', 'DATABASE_URL')).toBe(1);
    expect(editDistance('SMTP_ULR', 'SMTP_URL')).toBe(1);
    expect(editDistance('HOME', 'HOST')).toBe(2);
    expect(editDistance('', 'PORT')).toBe(4);
  });

  it('names likely typos of our names, in any case', () => {
    expect(
      misspelledVariables(
        { DATABSE_URL: 'postgres://db/studio', port: '8080', LOGLEVEL: 'debug', SESION_SECRET: 'x'.repeat(40) },
        KNOWN_VARIABLES,
      ),
    ).toEqual([
      'DATABASE_URL is not set, but DATABSE_URL is: did you mean DATABASE_URL?',
      'PORT is not set, but port is: did you mean PORT?',
      'LOG_LEVEL is not set, but LOGLEVEL is: did you mean LOG_LEVEL?',
      'SESSION_SECRET is not set, but SESION_SECRET is: did you mean SESSION_SECRET?',
    ]);
  });

  it('leaves the rest of a machine environment alone', () => {
    const machine = {
      HOME: '/home/studio',
      PWD: '/srv/studio',
      PATH: '/usr/bin',
      HOSTNAME: 'web-1',
      PGHOST: 'db',
      AWS_REGION: 'eu-west-1',
      SMTP_USER: 'studio',
      MAIL: '/var/mail/studio',
      TEST_DATABASE_URL: 'postgres://localhost/test',
      NODE_OPTIONS: '--max-old-space-size=512',
    };
    expect(misspelledVariables(machine, KNOWN_VARIABLES)).toEqual([]);
  });

  it('says nothing when our variable is set, or the look-alike is blank', () => {
    expect(misspelledVariables({ DATABASE_URL: 'postgres://db/a', DATABSE_URL: 'postgres://db/b' }, KNOWN_VARIABLES)).toEqual([]);
    expect(misspelledVariables({ DATABSE_URL: '' }, KNOWN_VARIABLES)).toEqual([]);
    expect(misspelledVariables({ DATABASE_URL: ' ', DATABSE_URL: 'postgres://db/b' }, KNOWN_VARIABLES)).toHaveLength(1);
  });
});

import { mkdtempSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, KNOWN_VARIABLES, loadConfig, parseEnvironment } from './config.ts';

const tempDir = () => mkdtempSync(path.join(tmpdir(), 'studio-config-'));
/** Everything a site on the internet needs. */
const LIVE = {
  NODE_ENV: 'production',
  SESSION_SECRET: 'x'.repeat(32),
  PUBLIC_URL: 'https://studio.example.com',
  SMTP_URL: 'smtps://studio:secret@mail.example.com',
};

describe('loadConfig', () => {
  it('runs on defaults: port 3000, SQLite in DATA_DIR, public URL from the port', () => {
    const dir = tempDir();
    const config = loadConfig({ DATA_DIR: dir });
    expect(config.PORT).toBe(3000);
    expect(config.DATABASE_URL).toBeUndefined();
    expect(config.PUBLIC_URL).toBe('http://localhost:3000');
    expect(config.STORAGE_DRIVER).toBe('local');
  });

  it('names the variable when a value is invalid', () => {
    expect(() => loadConfig({ DATA_DIR: tempDir(), PORT: 'eighty' })).toThrow(/PORT/);
    expect(() => loadConfig({ DATA_DIR: tempDir(), DATABASE_URL: 'mysql://x' })).toThrow(/DATABASE_URL: must start with postgres/);
    expect(() => loadConfig({ DATA_DIR: tempDir(), PUBLIC_URL: 'not a url' })).toThrow(/PUBLIC_URL/);
    expect(() => loadConfig({ DATA_DIR: tempDir(), SMTP_URL: 'http://mail' })).toThrow(ConfigError);
  });

  it('says in words what each kind of value must be, and what it got', () => {
    const refusal = (env: NodeJS.ProcessEnv) => {
      try {
        parseEnvironment(env);
      } catch (error) {
        return (error as Error).message;
      }
      throw new Error('accepted');
    };
    expect(refusal({ PORT: 'abc' })).toBe('Invalid environment:\n  PORT: must be a whole number from 0 to 65535 (got "abc")');
    expect(refusal({ PORT: '65536' })).toContain('PORT: must be a whole number from 0 to 65535 (got "65536")');
    expect(refusal({ BOOKING_FEED_READ_SECONDS: '1.5' })).toContain(
      'BOOKING_FEED_READ_SECONDS: must be a whole number from 1 to 300 (got "1.5")',
    );
    expect(refusal({ CONTACT_RATE_LIMIT: '0' })).toContain('CONTACT_RATE_LIMIT: must be a whole number of at least 1 (got "0")');
    expect(refusal({ SEED_DEMO: 'maybe' })).toContain('SEED_DEMO: must be true or false (1/0 and yes/no work too) (got "maybe")');
    expect(refusal({ LOG_LEVEL: 'verbose' })).toContain(
      'LOG_LEVEL: must be one of fatal, error, warn, info, debug, trace, silent (got "verbose")',
    );
    expect(refusal({ NODE_ENV: 'Production' })).toContain('NODE_ENV: must be one of development, production, test (got "Production")');
    expect(refusal({ STORAGE_DRIVER: 'S3' })).toContain('STORAGE_DRIVER: must be one of local, s3 (got "S3")');
    expect(refusal({ S3_ENDPOINT: 'seaweedfs:8333' })).toContain('S3_ENDPOINT: must be an http(s) address such as https://s3.example.com');
    // Every problem at once, so one edit fixes them all.
    expect(refusal({ PORT: 'x', LOG_FORMAT: 'text' }).split('\n')).toHaveLength(3);
  });

  it('never repeats a secret or a password in a URL when refusing it', () => {
    const message = (env: NodeJS.ProcessEnv) => {
      try {
        parseEnvironment(env);
        return '';
      } catch (error) {
        return (error as Error).message;
      }
    };
    expect(message({ SESSION_SECRET: 'hunter2-but-short' })).toBe('Invalid environment:\n  SESSION_SECRET: must be at least 32 characters');
    expect(message({ METRICS_TOKEN: 'has a space in it, sadly' })).not.toContain('sadly');
    expect(message({ STRIPE_SECRET_KEY: 'pk_live_abc' })).not.toContain('pk_live_abc');
    const database = message({ DATABASE_URL: 'mysql://studio:pa55word@db/studio' });
    expect(database).toContain('(got "mysql://studio:***@db/studio")');
    expect(database).not.toContain('pa55word');
  });

  it('reads a blank value as unset, and on/off words in any case', () => {
    const config = loadConfig({
      DATA_DIR: tempDir(),
      PORT: '',
      LOG_LEVEL: ' ',
      SEED_DEMO: 'NO',
      S3_FORCE_PATH_STYLE: 'Yes',
      TRUST_PROXY: '',
    });
    expect(config.PORT).toBe(3000);
    expect(config.LOG_LEVEL).toBe('info');
    expect(config.SEED_DEMO).toBe(false);
    expect(config.S3_FORCE_PATH_STYLE).toBe(true);
    expect(config.TRUST_PROXY).toBe(false);
  });

  it('listens on this machine only unless HOST says otherwise', () => {
    expect(loadConfig({ DATA_DIR: tempDir() }).HOST).toBe('127.0.0.1');
    expect(loadConfig({ DATA_DIR: tempDir(), HOST: '0.0.0.0' }).HOST).toBe('0.0.0.0');
  });

  it('generates a session secret once outside production and keeps it in DATA_DIR', () => {
    const dir = tempDir();
    const first = loadConfig({ DATA_DIR: dir });
    const second = loadConfig({ DATA_DIR: dir });
    expect(first.SESSION_SECRET).toHaveLength(64);
    expect(second.SESSION_SECRET).toBe(first.SESSION_SECRET);
    expect(readFileSync(path.join(dir, 'session-secret'), 'utf8').trim()).toBe(first.SESSION_SECRET);
    expect(statSync(path.join(dir, 'session-secret')).mode & 0o777).toBe(0o600);
  });

  it('refuses to start in production without a session secret', () => {
    expect(() => loadConfig({ DATA_DIR: tempDir(), NODE_ENV: 'production' })).toThrow(/SESSION_SECRET: required in production/);
    const config = loadConfig({ DATA_DIR: tempDir(), ...LIVE });
    expect(config.isProduction).toBe(true);
  });

  it('refuses production without the address visitors use, or with this machine’s own', () => {
    const { PUBLIC_URL: _, ...withoutAddress } = LIVE;
    expect(() => loadConfig({ DATA_DIR: tempDir(), ...withoutAddress })).toThrow(
      /PUBLIC_URL: required in production: the address visitors use/,
    );
    for (const loopback of [
      'http://localhost:3000',
      'http://127.0.0.1:8080',
      'http://127.1.2.3',
      'http://[::1]:3000',
      'http://studio.localhost',
    ]) {
      expect(() => loadConfig({ DATA_DIR: tempDir(), ...LIVE, PUBLIC_URL: loopback }), loopback).toThrow(/is this machine's own address/);
    }
    expect(loadConfig({ DATA_DIR: tempDir(), ...LIVE, PUBLIC_URL: 'https://studio.example.com/' }).PUBLIC_URL).toBe(
      'https://studio.example.com',
    );
  });

  it("refuses production when browsers would upload to the bucket at their own machine's address", () => {
    const bucket = { STORAGE_DRIVER: 's3', S3_BUCKET: 'studio-audio', S3_FORCE_PATH_STYLE: 'true' };
    const refused = /S3_PUBLIC_ENDPOINT: browsers would upload to http:\/\/localhost:8333, their own machine/;
    // compose.yaml's laptop default, left in place behind a real domain:
    const composeDefault = { ...bucket, S3_ENDPOINT: 'http://seaweedfs:8333', S3_PUBLIC_ENDPOINT: 'http://localhost:8333' };
    expect(() => loadConfig({ DATA_DIR: tempDir(), ...LIVE, ...composeDefault })).toThrow(refused);
    // One loopback endpoint for both: the server reaches it, browsers do not.
    expect(() => loadConfig({ DATA_DIR: tempDir(), ...LIVE, ...bucket, S3_ENDPOINT: 'http://localhost:8333' })).toThrow(refused);
    const routed = { ...composeDefault, S3_PUBLIC_ENDPOINT: 'https://studio.example.com' };
    expect(loadConfig({ DATA_DIR: tempDir(), ...LIVE, ...routed }).S3_PUBLIC_ENDPOINT).toBe('https://studio.example.com');
    // A laptop's `docker compose up` (STUDIO_LOCAL_START) runs with the default.
    expect(loadConfig({ DATA_DIR: tempDir(), ...LIVE, ...composeDefault, STUDIO_LOCAL_START: '1' }).S3_PUBLIC_ENDPOINT).toBe(
      'http://localhost:8333',
    );
  });

  it('refuses production when mail would only land in the outbox, unless MAIL_TO_OUTBOX says so', () => {
    const { SMTP_URL: _, ...withoutMail } = LIVE;
    expect(() => loadConfig({ DATA_DIR: tempDir(), ...withoutMail })).toThrow(/SMTP_URL: required in production.*MAIL_TO_OUTBOX=true/);
    expect(loadConfig({ DATA_DIR: tempDir(), ...withoutMail, MAIL_TO_OUTBOX: 'true' }).SMTP_URL).toBeUndefined();
    expect(() => loadConfig({ DATA_DIR: tempDir(), ...LIVE, MAIL_TO_OUTBOX: 'true' })).toThrow(/MAIL_TO_OUTBOX: .*SMTP_URL is set too/);
  });

  it('names every missing production setting at once', () => {
    expect(() => loadConfig({ DATA_DIR: tempDir(), NODE_ENV: 'production' })).toThrow(
      /^Invalid environment:\n {2}SESSION_SECRET: .*\n {2}PUBLIC_URL: .*\n {2}SMTP_URL: [^\n]*$/,
    );
  });

  it('lets a local `npm start` of the production build run on localhost with the outbox (STUDIO_LOCAL_START)', () => {
    const config = loadConfig({ DATA_DIR: tempDir(), NODE_ENV: 'production', STUDIO_LOCAL_START: '1' });
    expect(config.isProduction).toBe(true);
    expect(config.PUBLIC_URL).toBe('http://localhost:3000');
  });

  it('names a variable that looks like a misspelling of one of ours: refused in production, a warning elsewhere', () => {
    const hint = 'DATABASE_URL is not set, but DATABSE_URL is: did you mean DATABASE_URL?';
    expect(() => loadConfig({ DATA_DIR: tempDir(), ...LIVE, DATABSE_URL: 'postgres://db/studio' })).toThrow(hint);
    const development = loadConfig({ DATA_DIR: tempDir(), DATABSE_URL: 'postgres://db/studio' });
    expect(development.warnings).toEqual([hint]);
    expect(development.DATABASE_URL).toBeUndefined();
    // Shown beside a bad value too, since the two often come together.
    expect(() => loadConfig({ DATA_DIR: tempDir(), PORT: 'x', SMTP_ULR: 'smtp://mail' })).toThrow(/did you mean SMTP_URL\?/);
  });

  it('parses TRUST_PROXY as off, a list of proxy addresses and subnets, or a hop count', () => {
    const dir = tempDir();
    expect(loadConfig({ DATA_DIR: dir }).TRUST_PROXY).toBe(false);
    expect(loadConfig({ DATA_DIR: dir, TRUST_PROXY: '1' }).TRUST_PROXY).toBe(1);
    expect(loadConfig({ DATA_DIR: dir, TRUST_PROXY: '127.0.0.1/32,10.0.0.0/8' }).TRUST_PROXY).toEqual(['127.0.0.1/32', '10.0.0.0/8']);
    expect(loadConfig({ DATA_DIR: dir, TRUST_PROXY: 'loopback, fd00::/8, 192.0.2.7' }).TRUST_PROXY).toEqual([
      'loopback',
      'fd00::/8',
      '192.0.2.7',
    ]);
    expect(() => loadConfig({ DATA_DIR: dir, TRUST_PROXY: '10.0.0.0/33' })).toThrow(/TRUST_PROXY: .*not "10\.0\.0\.0\/33"/);
    expect(() => loadConfig({ DATA_DIR: dir, TRUST_PROXY: 'proxy.internal' })).toThrow(/TRUST_PROXY/);
  });

  it('refuses TRUST_PROXY=true in production, where it would let any client choose its address', () => {
    const production = { DATA_DIR: tempDir(), ...LIVE };
    expect(() => loadConfig({ ...production, TRUST_PROXY: 'true' })).toThrow(/TRUST_PROXY: true trusts any client in production/);
    expect(loadConfig({ ...production, TRUST_PROXY: '127.0.0.1/32' }).TRUST_PROXY).toEqual(['127.0.0.1/32']);
  });

  it('reads MEDIA_HOSTS as https origins and refuses anything else', () => {
    const dir = tempDir();
    expect(loadConfig({ DATA_DIR: dir }).MEDIA_HOSTS).toEqual([]);
    expect(loadConfig({ DATA_DIR: dir, MEDIA_HOSTS: 'https://cdn.example.com, https://img.example.net:8443/' }).MEDIA_HOSTS).toEqual([
      'https://cdn.example.com',
      'https://img.example.net:8443',
    ]);
    for (const bad of ['http://cdn.example.com', 'cdn.example.com', '//cdn.example.com', 'https://cdn.example.com/path', '*']) {
      expect(() => loadConfig({ DATA_DIR: dir, MEDIA_HOSTS: bad }), bad).toThrow(/MEDIA_HOSTS: must be https origins/);
    }
  });

  it('keeps metrics off unless METRICS_TOKEN is set, and refuses a weak or unsendable token', () => {
    const dir = tempDir();
    expect(loadConfig({ DATA_DIR: dir }).METRICS_TOKEN).toBeUndefined();
    expect(loadConfig({ DATA_DIR: dir, METRICS_TOKEN: '' }).METRICS_TOKEN).toBeUndefined();
    expect(loadConfig({ DATA_DIR: dir, METRICS_TOKEN: 'a'.repeat(16) }).METRICS_TOKEN).toBe('a'.repeat(16));
    expect(() => loadConfig({ DATA_DIR: dir, METRICS_TOKEN: 'short' })).toThrow(/METRICS_TOKEN: must be at least 16 characters/);
    expect(() => loadConfig({ DATA_DIR: dir, METRICS_TOKEN: 'has a space in the middle' })).toThrow(
      /METRICS_TOKEN: must be printable ASCII/,
    );
  });

  it('documents every variable it reads in .env.example, and no other', () => {
    const example = readFileSync(path.join(import.meta.dirname, '..', '.env.example'), 'utf8');
    const documented = [...example.matchAll(/^(?:# )?([A-Z][A-Z0-9_]+)=/gm)].map((match) => match[1]);
    expect([...new Set(documented)].sort()).toEqual([...KNOWN_VARIABLES].sort());
  });
});

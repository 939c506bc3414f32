import { mkdtempSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';

const tempDir = () => mkdtempSync(path.join(tmpdir(), 'studio-config-'));

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
    const config = loadConfig({ DATA_DIR: tempDir(), NODE_ENV: 'production', SESSION_SECRET: 'x'.repeat(32) });
    expect(config.isProduction).toBe(true);
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
    expect(() => loadConfig({ DATA_DIR: dir, TRUST_PROXY: '10.0.0.0/33' })).toThrow(/TRUST_PROXY: .*not 10\.0\.0\.0\/33/);
    expect(() => loadConfig({ DATA_DIR: dir, TRUST_PROXY: 'proxy.internal' })).toThrow(/TRUST_PROXY/);
  });

  it('refuses TRUST_PROXY=true in production, where it would let any client choose its address', () => {
    const production = { DATA_DIR: tempDir(), NODE_ENV: 'production', SESSION_SECRET: 'x'.repeat(32) };
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
});

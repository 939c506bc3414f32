import { randomBytes } from 'node:crypto';
import { isIP } from 'node:net';
import { mkdirSync, readFileSync, writeFileSync, existsSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { choice, flag, optionalHttpUrl, optionalMatching, optionalText, text, wholeNumber } from './config-fields.ts';
import { misspelledVariables } from './misspelled-variables.ts';

/**
 * Whom to believe about the client's address (X-Forwarded-For) and scheme: nobody (false), the listed
 * proxy addresses and subnets, the nearest N hops, or everyone (true, refused in production).
 */
export type TrustProxy = boolean | number | string[];

/** The names Express knows for private ranges, then an IPv4 or IPv6 address with an optional prefix length. */
const NAMED_SUBNETS = new Set(['loopback', 'linklocal', 'uniquelocal']);

function isProxyAddress(entry: string): boolean {
  if (NAMED_SUBNETS.has(entry)) return true;
  const [address = '', prefix, ...rest] = entry.split('/');
  const version = isIP(address);
  if (version === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (version === 4 ? 32 : 128);
}

/** `https://host[:port]` with nothing after it, normalised; null for anything else. */
function httpsOrigin(entry: string): string | null {
  if (!URL.canParse(entry)) return null;
  const url = new URL(entry);
  const bare = url.pathname === '/' && !url.search && !url.hash && !url.username && !url.password;
  return url.protocol === 'https:' && bare && !entry.replace(/\/$/, '').endsWith('/') ? url.origin : null;
}

/** Every environment variable the server reads. `.env.example` documents each one. */
const environmentSchema = z.object({
  NODE_ENV: choice(['development', 'production', 'test'], 'development'),
  // Set by `npm start` on a laptop (scripts/start.mjs), never in a real deployment: production's
  // guard rails for a site on the internet (a given SESSION_SECRET, PUBLIC_URL, SMTP_URL) stand down.
  STUDIO_LOCAL_START: flag(false),
  PORT: wholeNumber(3000, 0, 65535),
  // This machine only, unless told otherwise: the image sets 0.0.0.0 (Dockerfile), a server behind a
  // proxy on another machine its private interface.
  HOST: text('127.0.0.1'),
  DATA_DIR: text('./data'),
  DATABASE_URL: optionalMatching(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://'),
  SESSION_SECRET: optionalText.pipe(z.string().min(32, 'must be at least 32 characters').optional()),
  PUBLIC_URL: optionalHttpUrl('https://studio.example.com'),
  TRUST_PROXY: text('false').transform((value, ctx): TrustProxy => {
    if (value === 'false' || value === '0') return false;
    if (value === 'true') return true;
    if (/^\d+$/.test(value)) return Number(value);
    const entries = value.split(',').map((entry) => entry.trim());
    const bad = entries.filter((entry) => !isProxyAddress(entry));
    if (bad.length === 0) return entries;
    ctx.addIssue({
      code: 'custom',
      message:
        'must be false, a hop count, or proxy addresses and subnets separated by commas (e.g. 127.0.0.1/32,10.0.0.0/8), ' +
        `not ${bad.map((entry) => JSON.stringify(entry)).join(', ')}`,
    });
    return z.NEVER;
  }),
  // Other https origins that sample audio and cover images may come from (a CDN, an image host).
  MEDIA_HOSTS: text('').transform((value, ctx) => {
    const origins: string[] = [];
    for (const entry of value.split(',').map((part) => part.trim())) {
      if (entry === '') continue;
      const origin = httpsOrigin(entry);
      if (origin) origins.push(origin);
      else
        ctx.addIssue({
          code: 'custom',
          message: `must be https origins separated by commas (https://cdn.example.com); not ${JSON.stringify(entry)}`,
        });
    }
    return origins;
  }),
  LOG_LEVEL: choice(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'], 'info'),
  // auto: readable lines on a terminal, JSON lines otherwise (server/logger.ts).
  LOG_FORMAT: choice(['auto', 'json', 'pretty'], 'auto'),
  SMTP_URL: optionalMatching(/^smtps?:\/\//, 'must start with smtp:// or smtps:// (e.g. smtps://user:password@mail.example.com)'),
  // Production refuses to start without SMTP_URL unless this says the outbox folder is meant (a staging site).
  MAIL_TO_OUTBOX: flag(false),
  // A bare address: mail then goes out in the studio's name; a display name given here is kept (server/email/mailer.ts).
  MAIL_FROM: text('no-reply@localhost'),
  STUDIO_EMAIL: optionalText.pipe(z.email('must be an e-mail address').optional()),
  STORAGE_DRIVER: choice(['local', 's3'], 'local'),
  S3_BUCKET: optionalText,
  S3_REGION: text('us-east-1'),
  S3_ENDPOINT: optionalHttpUrl('https://s3.example.com'),
  // Where browsers reach the bucket when the server reaches it elsewhere (a private network name):
  // only the upload URLs handed to browsers are signed for it (server/storage/s3-store.ts).
  S3_PUBLIC_ENDPOINT: optionalHttpUrl('https://files.example.com'),
  S3_ACCESS_KEY_ID: optionalText,
  S3_SECRET_ACCESS_KEY: optionalText,
  S3_FORCE_PATH_STYLE: flag(false),
  SEED_DEMO: flag(true),
  ADMIN_USERNAME: optionalText,
  ADMIN_EMAIL: optionalText.pipe(z.email('must be an e-mail address').optional()),
  ADMIN_PASSWORD: optionalText,
  CONTACT_RATE_LIMIT: wholeNumber(5, 1),
  // The owner's calendar feed is expanded in a worker thread ended after this many seconds (decision 094).
  BOOKING_FEED_READ_SECONDS: wholeNumber(20, 1, 300),
  // Upcoming consultations one client address (an IPv6 /64) may hold at once (server/booking/booking-holders.ts).
  BOOKING_HOLDS_PER_CLIENT: wholeNumber(3, 1),
  // Card payments through Stripe Checkout, on only when both are set (issue 30; decision 093).
  STRIPE_SECRET_KEY: optionalMatching(/^(sk|rk)_(test|live)_\w+$/, 'must be a Stripe secret key (sk_live_… or sk_test_…)'),
  STRIPE_WEBHOOK_SECRET: optionalMatching(/^whsec_\w+$/, 'must be a Stripe webhook signing secret (whsec_…)'),
  // Tests and local development only: where the Stripe library sends its calls (a local Stripe-compatible server).
  STRIPE_API_BASE: optionalHttpUrl('http://127.0.0.1:12111'),
  // A header the proxy in front sets to the visitor's country (CF-IPCountry, CloudFront-Viewer-Country):
  // the statistics read it instead of the browser's language region (decision 106). Unset: the language.
  INSIGHTS_COUNTRY_HEADER: optionalMatching(/^[A-Za-z][A-Za-z0-9-]{0,63}$/, 'must be an HTTP header name, like CF-IPCountry'),
  // Unset keeps GET /metrics off (404). A bearer token travels in a header: printable ASCII, no spaces.
  METRICS_TOKEN: optionalText.pipe(
    z
      .string()
      .min(16, 'must be at least 16 characters')
      .regex(/^[\x21-\x7e]+$/, 'must be printable ASCII without spaces')
      .optional(),
  ),
});

/** The one list of the names the server reads: what a misspelled name is compared with. */
export const KNOWN_VARIABLES = Object.keys(environmentSchema.shape) as readonly (keyof typeof environmentSchema.shape)[];

/** Never repeated in a message: the message may end up in a log or a screenshot. */
const SECRET_VARIABLES = new Set([
  'SESSION_SECRET',
  'S3_ACCESS_KEY_ID',
  'S3_SECRET_ACCESS_KEY',
  'ADMIN_PASSWORD',
  'STRIPE_SECRET_KEY',
  'STRIPE_WEBHOOK_SECRET',
  'METRICS_TOKEN',
]);
/** Their message already quotes the part that is wrong. */
const QUOTES_ITS_OWN_VALUE = new Set(['TRUST_PROXY', 'MEDIA_HOSTS']);

/** ` (got "abc")` after a message, with a URL's password masked; nothing for a secret. */
function valueGiven(name: string, value: string | undefined): string {
  if (value === undefined || SECRET_VARIABLES.has(name) || QUOTES_ITS_OWN_VALUE.has(name)) return '';
  let shown = value.trim();
  if (URL.canParse(shown)) {
    const url = new URL(shown);
    if (url.password) {
      url.password = '***';
      shown = url.href;
    }
  }
  return ` (got ${JSON.stringify(shown.length > 80 ? `${shown.slice(0, 77)}...` : shown)})`;
}

export type Environment = z.infer<typeof environmentSchema>;

export type Config = Omit<Environment, 'SESSION_SECRET' | 'PUBLIC_URL' | 'DATA_DIR'> & {
  DATA_DIR: string;
  SESSION_SECRET: string;
  PUBLIC_URL: string;
  isProduction: boolean;
  /** What start-up should say but not stop for (a likely typo outside production): logged once by server/index.ts. */
  warnings: readonly string[];
};

export class ConfigError extends Error {}

const invalid = (problems: string[]) => new ConfigError(`Invalid environment:\n  ${problems.join('\n  ')}`);

/** Production for a site on the internet: not a local `npm start` (STUDIO_LOCAL_START, decision 004). */
const isLiveProduction = (env: Environment) => env.NODE_ENV === 'production' && !env.STUDIO_LOCAL_START;

/**
 * Names each bad variable and says what it must be, so a typo stops start-up (and every command)
 * with a message a person can act on. A variable that looks like a misspelling of one of ours is
 * refused in production, where running on without it means a real site on the wrong database or
 * without mail; elsewhere it is only a warning (loadConfig's `warnings`).
 */
export function parseEnvironment(env: NodeJS.ProcessEnv): Environment {
  const result = environmentSchema.safeParse(env);
  const typos = misspelledVariables(env, KNOWN_VARIABLES);
  if (!result.success) {
    const lines = result.error.issues.map((issue) => {
      const name = String(issue.path[0] ?? '');
      return `${name}: ${issue.message}${valueGiven(name, env[name])}`;
    });
    throw invalid([...lines, ...typos]);
  }
  if (typos.length > 0 && isLiveProduction(result.data)) throw invalid(typos);
  return result.data;
}

const LOOPBACK_HOSTS = /^(localhost|.*\.localhost|127(\.\d{1,3}){3}|\[::1\]|\[::ffff:127(\.\d{1,3}){3}\]|0\.0\.0\.0|\[::\])$/i;

/**
 * What a site on the internet cannot do without: an address for its links (not this machine's own)
 * and a mail server (the outbox folder is read by nobody), unless MAIL_TO_OUTBOX says so on purpose.
 */
function liveProductionProblems(env: Environment): string[] {
  const problems: string[] = [];
  const example = 'e.g. https://studio.example.com';
  if (!env.PUBLIC_URL) {
    problems.push(`PUBLIC_URL: required in production: the address visitors use, ${example} (page and e-mail links are built from it)`);
  } else if (LOOPBACK_HOSTS.test(new URL(env.PUBLIC_URL).hostname)) {
    problems.push(
      `PUBLIC_URL: ${env.PUBLIC_URL} is this machine's own address, but in production it must be the one visitors use, ${example}`,
    );
  }
  // Browsers upload straight to the bucket: an address of this machine is theirs, not the server's.
  const bucketForBrowsers = env.S3_PUBLIC_ENDPOINT ?? env.S3_ENDPOINT;
  if (env.STORAGE_DRIVER === 's3' && bucketForBrowsers && LOOPBACK_HOSTS.test(new URL(bucketForBrowsers).hostname)) {
    problems.push(
      `S3_PUBLIC_ENDPOINT: browsers would upload to ${bucketForBrowsers}, their own machine: set the bucket's address they reach ` +
        '(e.g. https://studio.example.com with the bucket routed there, docs/deploy.md)',
    );
  }
  if (!env.SMTP_URL && !env.MAIL_TO_OUTBOX) {
    problems.push(
      "SMTP_URL: required in production, or e-mail (password resets, notices, clients' links) only lands in DATA_DIR/outbox " +
        'where nobody reads it (MAIL_TO_OUTBOX=true says that is meant, e.g. on a staging site)',
    );
  }
  return problems;
}

/**
 * Outside production a missing SESSION_SECRET is generated once and kept in DATA_DIR, so sessions
 * survive restarts without any set-up; in production it must be given.
 */
/** The generated session secret's file in DATA_DIR. */
export const SESSION_SECRET_FILE = 'session-secret';

function resolveSessionSecret(env: Environment, dataDir: string): string {
  if (env.SESSION_SECRET) return env.SESSION_SECRET;
  const secretFile = path.join(dataDir, SESSION_SECRET_FILE);
  if (existsSync(secretFile)) return readFileSync(secretFile, 'utf8').trim();
  const secret = randomBytes(32).toString('hex');
  writeFileSync(secretFile, `${secret}\n`, { mode: 0o600 });
  return secret;
}

/** Every problem at once, so one restart is enough to fix them all. */
function settingProblems(env: Environment): string[] {
  const problems: string[] = [];
  if (isLiveProduction(env)) {
    // `npm start` on a laptop runs the production build but may keep a generated secret (scripts/start.mjs).
    if (!env.SESSION_SECRET) problems.push('SESSION_SECRET: required in production (at least 32 characters, e.g. `openssl rand -hex 32`)');
    problems.push(...liveProductionProblems(env));
  }
  if (env.STORAGE_DRIVER === 's3' && !env.S3_BUCKET) problems.push('S3_BUCKET: required when STORAGE_DRIVER=s3');
  // `true` believes any X-Forwarded-For, so anyone reaching the port picks their own address and
  // with it a fresh rate-limit bucket per request (decision 043).
  if (env.TRUST_PROXY === true && env.NODE_ENV === 'production') {
    problems.push('TRUST_PROXY: true trusts any client in production; list the proxies instead (e.g. 127.0.0.1/32,10.0.0.0/8)');
  }
  if (env.MAIL_TO_OUTBOX && env.SMTP_URL)
    problems.push('MAIL_TO_OUTBOX: true keeps mail in the outbox, but SMTP_URL is set too: unset one of them');
  return problems;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = parseEnvironment(env);
  const problems = settingProblems(parsed);
  if (problems.length > 0) throw invalid(problems);
  const dataDir = path.resolve(parsed.DATA_DIR);
  mkdirSync(dataDir, { recursive: true });
  return {
    ...parsed,
    DATA_DIR: dataDir,
    SESSION_SECRET: resolveSessionSecret(parsed, dataDir),
    PUBLIC_URL: (parsed.PUBLIC_URL ?? `http://localhost:${parsed.PORT}`).replace(/\/+$/, ''),
    isProduction: parsed.NODE_ENV === 'production',
    warnings: misspelledVariables(env, KNOWN_VARIABLES),
  };
}

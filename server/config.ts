import { randomBytes } from 'node:crypto';
import { isIP } from 'node:net';
import { mkdirSync, readFileSync, writeFileSync, existsSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';

const booleanText = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((value) => value === 'true' || value === '1' || value === 'yes');

const optionalText = z
  .string()
  .optional()
  .transform((value) => (value && value.trim() !== '' ? value.trim() : undefined));

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
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: optionalText.pipe(
    z
      .string()
      .regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://')
      .optional(),
  ),
  SESSION_SECRET: optionalText.pipe(z.string().min(32, 'must be at least 32 characters').optional()),
  PUBLIC_URL: optionalText.pipe(z.url('must be an absolute http(s) URL').optional()),
  TRUST_PROXY: z
    .string()
    .default('false')
    .transform((value, ctx): TrustProxy => {
      const trimmed = value.trim();
      if (trimmed === 'false' || trimmed === '0' || trimmed === '') return false;
      if (trimmed === 'true') return true;
      if (/^\d+$/.test(trimmed)) return Number(trimmed);
      const entries = trimmed.split(',').map((entry) => entry.trim());
      const bad = entries.filter((entry) => !isProxyAddress(entry));
      if (bad.length === 0) return entries;
      ctx.addIssue({
        code: 'custom',
        message: `must be false, a list of proxy addresses or subnets (e.g. 127.0.0.1/32,10.0.0.0/8) or a hop count; not ${bad.join(', ')}`,
      });
      return z.NEVER;
    }),
  // Other https origins that sample audio and cover images may come from (a CDN, an image host).
  MEDIA_HOSTS: z
    .string()
    .default('')
    .transform((value, ctx) => {
      const origins: string[] = [];
      for (const entry of value.split(',').map((part) => part.trim())) {
        if (entry === '') continue;
        const origin = httpsOrigin(entry);
        if (origin) origins.push(origin);
        else ctx.addIssue({ code: 'custom', message: `must be https origins separated by commas (https://cdn.example.com); not ${entry}` });
      }
      return origins;
    }),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  SMTP_URL: optionalText.pipe(
    z
      .string()
      .regex(/^smtps?:\/\//, 'must start with smtp:// or smtps://')
      .optional(),
  ),
  MAIL_FROM: z.string().default('Studio Website <no-reply@localhost>'),
  STUDIO_EMAIL: optionalText.pipe(z.email('must be an e-mail address').optional()),
  STORAGE_DRIVER: z.enum(['local', 's3']).default('local'),
  S3_BUCKET: optionalText,
  S3_REGION: z.string().default('us-east-1'),
  S3_ENDPOINT: optionalText.pipe(z.url().optional()),
  S3_ACCESS_KEY_ID: optionalText,
  S3_SECRET_ACCESS_KEY: optionalText,
  S3_FORCE_PATH_STYLE: booleanText.default(false),
  SEED_DEMO: booleanText.default(true),
  ADMIN_USERNAME: optionalText,
  ADMIN_EMAIL: optionalText.pipe(z.email('must be an e-mail address').optional()),
  ADMIN_PASSWORD: optionalText,
  CONTACT_RATE_LIMIT: z.coerce.number().int().min(1).default(5),
  // The owner's calendar feed is expanded in a worker thread ended after this many seconds (decision 094).
  BOOKING_FEED_READ_SECONDS: z.coerce.number().int().min(1).max(300).default(20),
  // Upcoming consultations one client address (an IPv6 /64) may hold at once (server/booking/booking-holders.ts).
  BOOKING_HOLDS_PER_CLIENT: z.coerce.number().int().min(1).default(3),
  // Card payments through Stripe Checkout, on only when both are set (issue 30; decision 093).
  STRIPE_SECRET_KEY: optionalText.pipe(
    z
      .string()
      .regex(/^(sk|rk)_(test|live)_\w+$/, 'must be a Stripe secret key (sk_live_… or sk_test_…)')
      .optional(),
  ),
  STRIPE_WEBHOOK_SECRET: optionalText.pipe(
    z
      .string()
      .regex(/^whsec_\w+$/, 'must be a Stripe webhook signing secret (whsec_…)')
      .optional(),
  ),
  // Tests and local development only: where the Stripe library sends its calls (a local Stripe-compatible server).
  STRIPE_API_BASE: optionalText.pipe(z.url({ protocol: /^https?$/, error: 'must be an http(s) address' }).optional()),
  // Unset keeps GET /metrics off (404). A bearer token travels in a header: printable ASCII, no spaces.
  METRICS_TOKEN: optionalText.pipe(
    z
      .string()
      .min(16, 'must be at least 16 characters')
      .regex(/^[\x21-\x7e]+$/, 'must be printable ASCII without spaces')
      .optional(),
  ),
});

export type Environment = z.infer<typeof environmentSchema>;

export type Config = Omit<Environment, 'SESSION_SECRET' | 'PUBLIC_URL' | 'DATA_DIR'> & {
  DATA_DIR: string;
  SESSION_SECRET: string;
  PUBLIC_URL: string;
  isProduction: boolean;
};

export class ConfigError extends Error {}

/** Names each bad variable, so a typo stops start-up with a message a person can act on. */
export function parseEnvironment(env: NodeJS.ProcessEnv): Environment {
  const result = environmentSchema.safeParse(env);
  if (!result.success) {
    const lines = result.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`Invalid environment:\n  ${lines.join('\n  ')}`);
  }
  return result.data;
}

/**
 * Outside production a missing SESSION_SECRET is generated once and kept in DATA_DIR, so sessions
 * survive restarts without any set-up; in production it must be given.
 */
function resolveSessionSecret(env: Environment, dataDir: string): string {
  if (env.SESSION_SECRET) return env.SESSION_SECRET;
  // `npm start` on a laptop runs the production build but may keep a generated secret (scripts/start.mjs).
  if (env.NODE_ENV === 'production' && process.env.STUDIO_LOCAL_START !== '1') {
    throw new ConfigError('Invalid environment:\n  SESSION_SECRET: required in production (at least 32 characters)');
  }
  const secretFile = path.join(dataDir, 'session-secret');
  if (existsSync(secretFile)) return readFileSync(secretFile, 'utf8').trim();
  const secret = randomBytes(32).toString('hex');
  writeFileSync(secretFile, `${secret}\n`, { mode: 0o600 });
  return secret;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = parseEnvironment(env);
  const dataDir = path.resolve(parsed.DATA_DIR);
  mkdirSync(dataDir, { recursive: true });
  if (parsed.STORAGE_DRIVER === 's3' && !parsed.S3_BUCKET) {
    throw new ConfigError('Invalid environment:\n  S3_BUCKET: required when STORAGE_DRIVER=s3');
  }
  // `true` believes any X-Forwarded-For, so anyone reaching the port picks their own address and
  // with it a fresh rate-limit bucket per request (decision 043).
  if (parsed.TRUST_PROXY === true && parsed.NODE_ENV === 'production') {
    throw new ConfigError(
      'Invalid environment:\n  TRUST_PROXY: true trusts any client in production; list the proxies instead (e.g. 127.0.0.1/32,10.0.0.0/8)',
    );
  }
  return {
    ...parsed,
    DATA_DIR: dataDir,
    SESSION_SECRET: resolveSessionSecret(parsed, dataDir),
    PUBLIC_URL: (parsed.PUBLIC_URL ?? `http://localhost:${parsed.PORT}`).replace(/\/+$/, ''),
    isProduction: parsed.NODE_ENV === 'production',
  };
}

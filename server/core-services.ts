import type { Kysely } from 'kysely';
import type { Config } from './config.ts';
import type { DatabasePoolStats, Dialect } from './db/connection.ts';
import type { InvalidationChannel } from './db/invalidation-channel.ts';
import type { Database } from './db/schema.ts';
import type { Mailer } from './email/mailer.ts';
import type { Logger } from './logger.ts';

/*
 * The floor capabilities stand on: the long-lived infrastructure, and the named slices of it they
 * take as dependencies. It imports no capability, so a capability may import it without a circle
 * (server/context.ts, which gathers every capability's services, is the floor above: capabilities
 * never import it; the boundary lint says so).
 */

/** The long-lived infrastructure every capability is built from. */
export interface CoreServices {
  config: Config;
  logger: Logger;
  db: Kysely<Database>;
  dialect: Dialect;
  mailer: Mailer;
  /** The connection pool's state, for the metrics (scripts that build services may leave it out). */
  databasePool?: () => DatabasePoolStats;
  /** Clears every instance's caches after a change (server/db/invalidation-channel.ts). */
  invalidation: InvalidationChannel;
}

export interface StudioIdentity {
  name: string;
  /** The Site e-mail, where every studio notice goes and replies reach (server/email/studio-inbox.ts). */
  email: string;
  /** The reply promise in hours (what the acknowledgement's default text says). */
  responseHours: number;
  /** The studio's IANA time zone (its opening hours'): owner e-mails and the CSV give times in it. */
  timeZone: string;
}

/**
 * The studio's name and public e-mail as the owner set them, for what the server itself says
 * (e-mails, the two-factor issuer): a callback, so auth and contact need not know site content.
 */
export interface StudioIdentitySource {
  studioIdentity: () => Promise<StudioIdentity>;
}

/** What code that e-mails as the studio takes: the database, the mailer, the log, the settings and the studio's name. */
export type MailingServices = Pick<CoreServices, 'db' | 'mailer' | 'logger' | 'config'> & StudioIdentitySource;

/** What a background task or middleware over the database takes. */
export type DatabaseServices = Pick<CoreServices, 'db' | 'config' | 'logger'>;

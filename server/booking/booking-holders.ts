import { createHash, createHmac } from 'node:crypto';
import { isIPv6 } from 'node:net';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '#server/db/schema.ts';
import { derivedKey } from '#server/crypto/secret-box.ts';

/*
 * Who holds a booking, for the limits on how many upcoming consultations one person may hold at
 * once: the e-mail address (lower-case, trimmed) and the client address it was booked from. The
 * client address is kept only as a keyed hash (under SESSION_SECRET), and IPv6 by its /64, the
 * block one household or one server is given: a visitor's own address is never stored.
 */

/** An e-mail address may hold this many upcoming confirmed consultations: a person books one, maybe a second. */
export const HOLDS_PER_EMAIL = 2;
/** A client address may hold this many across the horizon, by default (BOOKING_HOLDS_PER_CLIENT): an office or a household. */
export const HOLDS_PER_CLIENT = 3;

export interface Holder {
  emailKey: string;
  clientKey: string;
  limits: { perEmail: number; perClient: number };
}

/** Why a holder may not take one more: the e-mail address holds its share, or the client address does (until its first one starts). */
export type Holding = { by: 'email' } | { by: 'client'; retryAfterSeconds: number };

export const emailKeyOf = (email: string) => email.trim().toLowerCase();

/** The network an address stands for: IPv4 as it is, IPv6 to its first four groups (its /64). */
export function clientNetworkOf(ip: string): string {
  if (!isIPv6(ip)) return ip;
  const [head = '', tail = ''] = ip.toLowerCase().split('::');
  const headGroups = head ? head.split(':') : [];
  const tailGroups = ip.includes('::') ? (tail ? tail.split(':') : []) : [];
  const groups = [...headGroups, ...Array<string>(Math.max(0, 8 - headGroups.length - tailGroups.length)).fill('0'), ...tailGroups];
  return `${groups
    .slice(0, 4)
    .map((group) => group.replace(/^0+(?=.)/, ''))
    .join(':')}::/64`;
}

export function holderOf(secret: string, email: string, ip: string, limits: Holder['limits']): Holder {
  const clientKey = createHmac('sha256', derivedKey(secret, 'booking-holder')).update(clientNetworkOf(ip)).digest('base64url');
  return { emailKey: emailKeyOf(email), clientKey, limits };
}

/** The holder's lock rows, in a fixed order; a booking takes them before it counts what the holder holds. */
function lockKeys(holder: Holder): string[] {
  const email = createHash('sha256').update(holder.emailKey).digest('base64url');
  return [`client:${holder.clientKey}`, `email:${email}`].sort();
}

/**
 * Locks the holder (as the day locks do the studio dates, book-slot.ts): two bookings by one person
 * at the same moment are counted one after the other, so neither slips past the limit.
 */
export async function lockHolder(trx: Transaction<Database>, holder: Holder, now: number): Promise<void> {
  const lockedAt = new Date(now).toISOString();
  for (const key of lockKeys(holder)) {
    await trx
      .insertInto('bookingHolders')
      .values({ holder: key, lockedAt })
      .onConflict((conflict) => conflict.column('holder').doUpdateSet({ lockedAt }))
      .execute();
  }
}

/** Whether the holder already holds its share of upcoming confirmed consultations. */
export async function holdingOf(db: Kysely<Database> | Transaction<Database>, holder: Holder, now: number): Promise<Holding | null> {
  const upcoming = db
    .selectFrom('bookings')
    .select('startAt')
    .where('status', '=', 'confirmed')
    .where('startAt', '>', new Date(now).toISOString());
  const byEmail = await upcoming.where('emailKey', '=', holder.emailKey).execute();
  if (byEmail.length >= holder.limits.perEmail) return { by: 'email' };
  const byClient = await upcoming.where('clientKey', '=', holder.clientKey).orderBy('startAt', 'asc').execute();
  if (byClient.length < holder.limits.perClient) return null;
  // One more may be booked once enough of them have started (they are then no longer upcoming).
  const freedAt = Date.parse(byClient[byClient.length - holder.limits.perClient]!.startAt);
  return { by: 'client', retryAfterSeconds: Math.max(1, Math.ceil((freedAt - now) / 1000)) };
}

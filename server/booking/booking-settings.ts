import type { Kysely } from 'kysely';
import { bookingSettingsSchema, defaultBookingSettings, type BookingSettings } from '#common/booking/settings.ts';
import type { OpeningHours } from '#common/site-content/opening-hours.ts';
import { seal, unseal } from '#server/crypto/secret-box.ts';
import type { Database } from '#server/db/schema.ts';
import { freshToken } from '#server/crypto/secret-tokens.ts';

/*
 * The owner's booking settings: one row, saved whole with the version it was read at (a save over a
 * newer one is refused, as the site content's are). The calendar feed's address and the private
 * subscription token are secrets: sealed under SESSION_SECRET, never in a backup's plain text.
 */

export interface StoredBookingSettings {
  settings: BookingSettings;
  /** 0 until the owner saves: the settings are then the defaults made from the opening hours. */
  version: number;
  feedUrl: string | null;
  /** A feed address was saved but cannot be read any more (SESSION_SECRET changed): the owner must paste it again. */
  feedUrlLost: boolean;
  /** The owner allowed the feed's address to be on a private network. */
  feedPrivateAllowed: boolean;
}

export type SaveOutcome = { kind: 'saved'; version: number } | { kind: 'stale'; version: number };

async function row(db: Kysely<Database>) {
  return db.selectFrom('bookingSettings').selectAll().where('id', '=', 1).executeTakeFirst();
}

/** The last stored settings text and what it parsed to: every slot list reads the settings, and they rarely change. */
let lastParsed: { data: string; parsed: ReturnType<typeof bookingSettingsSchema.safeParse> } | null = null;

function parsedSettings(data: string) {
  if (lastParsed?.data !== data) lastParsed = { data, parsed: bookingSettingsSchema.safeParse(JSON.parse(data)) };
  return lastParsed.parsed;
}

/** The feed's address, unsealed once per sealed text and secret (AES-GCM per slot list showed in profiles). */
let lastUnsealed: { sealed: string; secret: string; url: string | null } | null = null;

function unsealedFeedUrl(sealed: string, secret: string): string | null {
  if (lastUnsealed?.sealed !== sealed || lastUnsealed.secret !== secret) lastUnsealed = { sealed, secret, url: unseal(sealed, secret) };
  return lastUnsealed.url;
}

export async function readBookingSettings(db: Kysely<Database>, hours: OpeningHours, secret: string): Promise<StoredBookingSettings> {
  const stored = await row(db);
  const parsed = stored ? parsedSettings(stored.data) : null;
  const feedUrl = stored?.feedUrlSealed ? unsealedFeedUrl(stored.feedUrlSealed, secret) : null;
  return {
    // A stored copy that no longer fits the schema (a later release tightened it) falls back to the defaults rather than failing the page.
    settings: parsed?.success ? parsed.data : defaultBookingSettings(hours),
    version: stored?.version ?? 0,
    feedUrl,
    feedUrlLost: Boolean(stored?.feedUrlSealed) && feedUrl === null,
    feedPrivateAllowed: stored?.feedPrivateAllowed === 1,
  };
}

/** Saves the settings if nobody saved since `expectedVersion`. The caller validated them with the schema. */
export async function saveBookingSettings(db: Kysely<Database>, settings: BookingSettings, expectedVersion: number): Promise<SaveOutcome> {
  return db.transaction().execute(async (trx): Promise<SaveOutcome> => {
    const current = await trx.selectFrom('bookingSettings').select('version').where('id', '=', 1).executeTakeFirst();
    const version = current?.version ?? 0;
    if (version !== expectedVersion) return { kind: 'stale', version };
    const values = { data: JSON.stringify(settings), version: version + 1, updatedAt: new Date().toISOString() };
    const written = current
      ? await trx.updateTable('bookingSettings').set(values).where('id', '=', 1).where('version', '=', version).executeTakeFirst()
      : await trx
          .insertInto('bookingSettings')
          .values({ id: 1, ...values, feedUrlSealed: null, calendarTokenSealed: null })
          .onConflict((conflict) => conflict.column('id').doNothing())
          .executeTakeFirst();
    const changed = 'numUpdatedRows' in written ? written.numUpdatedRows : (written.numInsertedOrUpdatedRows ?? 0n);
    // Another save took the version between the read and the write (PostgreSQL's read committed): that one won.
    if (changed !== 1n) return { kind: 'stale', version: version + 1 };
    return { kind: 'saved', version: version + 1 };
  });
}

/** Makes sure the row exists, so the secrets can be set before the first save of the settings. */
async function ensureRow(db: Kysely<Database>, hours: OpeningHours) {
  await db
    .insertInto('bookingSettings')
    .values({ id: 1, data: JSON.stringify(defaultBookingSettings(hours)), version: 0, feedUrlSealed: null, calendarTokenSealed: null })
    .onConflict((conflict) => conflict.column('id').doNothing())
    .execute();
}

export async function setFeedUrl(
  db: Kysely<Database>,
  hours: OpeningHours,
  secret: string,
  url: string | null,
  privateAllowed = false,
): Promise<void> {
  await ensureRow(db, hours);
  await db
    .updateTable('bookingSettings')
    .set({ feedUrlSealed: url === null ? null : seal(url, secret), feedPrivateAllowed: url !== null && privateAllowed ? 1 : 0 })
    .where('id', '=', 1)
    .execute();
}

/** The private subscription token: made on first use, so the owner's calendar app has an address to keep. */
export async function calendarToken(db: Kysely<Database>, hours: OpeningHours, secret: string): Promise<string> {
  const stored = await row(db);
  const token = stored?.calendarTokenSealed ? unseal(stored.calendarTokenSealed, secret) : null;
  if (token) return token;
  await ensureRow(db, hours);
  // Two first uses at once keep the same token: only a row without a readable one takes a new one.
  const sealedBefore = stored?.calendarTokenSealed ?? null;
  await db
    .updateTable('bookingSettings')
    .set({ calendarTokenSealed: seal(freshToken(), secret) })
    .where('id', '=', 1)
    .where((where) => (sealedBefore === null ? where('calendarTokenSealed', 'is', null) : where('calendarTokenSealed', '=', sealedBefore)))
    .execute();
  const sealed = (await row(db))?.calendarTokenSealed;
  const made = sealed ? unseal(sealed, secret) : null;
  if (!made) throw new Error('the calendar token could not be stored');
  return made;
}

/** A new token: the old subscription address stops working at once. */
export async function regenerateCalendarToken(db: Kysely<Database>, hours: OpeningHours, secret: string): Promise<string> {
  await ensureRow(db, hours);
  const token = freshToken();
  await db
    .updateTable('bookingSettings')
    .set({ calendarTokenSealed: seal(token, secret) })
    .where('id', '=', 1)
    .execute();
  return token;
}

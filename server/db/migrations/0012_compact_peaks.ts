import { sql, type Kysely } from 'kysely';

// Stored peaks change from JSON numbers to the compact text of common/peaks.ts: one byte per peak
// (0..255 for 0..1), base64 encoded (docs/decisions/053-compact-peaks.md).
// - a JSON list of numbers becomes that text; '[]' (analysed, but not decodable on the server) becomes '';
// - anything else is damaged: peaks and duration_seconds go back to null, so the analysis backlog
//   at the next start analyses the sample again.
// The conversion is written out here rather than imported: a shipped migration must keep doing what
// it did, whatever later happens to the shared module. The tests check both agree.

const LEVELS = 255;
const MAX_PEAK_COUNT = 16_384;

interface StoredPeaks {
  id: number;
  peaks: string;
}

/** The compact text for stored JSON, or null when the JSON is not a list of numbers. */
export function compactFromJson(text: string): string | null {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return null;
  }
  if (!Array.isArray(value) || !value.every((n) => typeof n === 'number' && Number.isFinite(n))) return null;
  const levels = (value as number[]).slice(0, MAX_PEAK_COUNT).map((n) => Math.round(Math.min(Math.max(n, 0), 1) * LEVELS));
  return Buffer.from(levels).toString('base64');
}

/** The JSON of before for compact text (numbers with two decimals), or null when the text is not compact peaks. */
export function jsonFromCompact(text: string): string | null {
  if (text === '') return '[]';
  if (text.length % 4 !== 0 || !/^[A-Za-z0-9+/]+={0,2}$/.test(text)) return null;
  const levels = [...Buffer.from(text, 'base64')];
  return JSON.stringify(levels.map((level) => Math.round((level / LEVELS) * 100) / 100));
}

async function convert(db: Kysely<unknown>, to: (stored: string) => string | null): Promise<void> {
  const { rows } = await sql<StoredPeaks>`select id, peaks from samples where peaks is not null`.execute(db);
  for (const row of rows) {
    const converted = to(row.peaks);
    if (converted === null) {
      await sql`update samples set peaks = null, duration_seconds = null where id = ${row.id}`.execute(db);
    } else if (converted !== row.peaks) {
      await sql`update samples set peaks = ${converted} where id = ${row.id}`.execute(db);
    }
  }
}

export async function up(db: Kysely<unknown>): Promise<void> {
  await convert(db, compactFromJson);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await convert(db, jsonFromCompact);
}

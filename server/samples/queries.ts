import type { Kysely } from 'kysely';
import type { EncodedPeaks } from '#common/peaks.ts';
import { LATEST_SAMPLES_COUNT, type FeaturedSample, type PublicSample } from '#common/samples.ts';
import { SAMPLES_PER_PAGE, type SamplesPage } from '#common/sample-pages.ts';
import type { Database, Sample } from '#server/db/schema.ts';
import { publicAudioUrl } from './streaming-copies.ts';

// Pure reads with no state: page loaders import these directly (they run inside the page bundle).
// Samples in the admin's trash (deleted_at set) are never part of them. Their audioUrl is the
// streaming copy once it is made (decision 087): the original is never linked publicly then.

/**
 * Stored peaks go out as they are (common/peaks.ts, encoded once by the analysis): no parsing per
 * read. The empty text marks a file that was analysed but could not be decoded here, which readers
 * see as no waveform (the browser then decodes the audio itself).
 */
const publicPeaks = (stored: string | null): EncodedPeaks | null => stored || null;

export function toPublicSample(row: Sample): PublicSample {
  return {
    id: row.id,
    title: row.title,
    artist: row.artist,
    genre: row.genre,
    description: row.description,
    audioUrl: publicAudioUrl(row),
    coverImageUrl: row.coverImageUrl,
    duration: row.duration,
    displayOrder: row.displayOrder,
    durationSeconds: row.durationSeconds,
    peaks: publicPeaks(row.peaks),
    isDemo: row.isDemo === 1,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  };
}

/** Every sample in public order: lowest displayOrder first, then newest first. */
export async function listSamples(db: Kysely<Database>): Promise<PublicSample[]> {
  const rows = await db
    .selectFrom('samples')
    .selectAll()
    .where('deletedAt', 'is', null)
    .orderBy('displayOrder', 'asc')
    .orderBy('createdAt', 'desc')
    .orderBy('id', 'desc')
    .execute();
  return rows.map(toPublicSample);
}

/**
 * One page of the public list (null past the last), counted and cut by the database: a thousand
 * samples never leave it for a page of twenty. Offsets suit a portfolio's size: the plans (PostgreSQL
 * reads samples_display_order_idx, SQLite sorts the visible rows) are in docs/benchmarks.md, issue 46.
 */
export async function listSamplesPage(db: Kysely<Database>, page: number): Promise<SamplesPage | null> {
  const visible = db.selectFrom('samples').where('deletedAt', 'is', null);
  const [{ total } = { total: 0 }] = await visible.select((eb) => eb.fn.countAll<number>().as('total')).execute();
  const count = Number(total);
  const pageCount = Math.max(1, Math.ceil(count / SAMPLES_PER_PAGE));
  if (page > pageCount) return null;
  const rows = await visible
    .selectAll()
    .orderBy('displayOrder', 'asc')
    .orderBy('createdAt', 'desc')
    .orderBy('id', 'desc')
    .limit(SAMPLES_PER_PAGE)
    .offset((page - 1) * SAMPLES_PER_PAGE)
    .execute();
  return { samples: rows.map(toPublicSample), page, pageCount, total: count };
}

/**
 * The home page's featured block ("Recent Work"): the first six in the owner's order, as the Samples
 * page lists them (Reorder says so); samples never reordered come newest first.
 */
export async function latestSamples(db: Kysely<Database>): Promise<FeaturedSample[]> {
  const rows = await db
    .selectFrom('samples')
    .select(['id', 'title', 'artist', 'genre', 'duration', 'audioUrl', 'streamKey', 'durationSeconds', 'peaks'])
    .where('deletedAt', 'is', null)
    .orderBy('displayOrder', 'asc')
    .orderBy('createdAt', 'desc')
    .orderBy('id', 'desc')
    .limit(LATEST_SAMPLES_COUNT)
    .execute();
  return rows.map(({ streamKey, ...row }) => ({
    ...row,
    audioUrl: publicAudioUrl({ audioUrl: row.audioUrl, streamKey }),
    peaks: publicPeaks(row.peaks),
  }));
}

import { sql } from 'kysely';
import type { DatabaseServices } from '#server/core-services.ts';
import type { SamplesCapability } from './samples-capability.ts';
import { synthesizeDemoTrack, type DemoTrackRecipe } from '#server/audio/synthesize.ts';

interface DemoSample {
  title: string;
  artist: string;
  genre: string;
  description: string;
  recipe: DemoTrackRecipe;
}

// The descriptions are read by visitors, so they describe the music; the admin badges these samples
// as demos (samples.is_demo) and tells the owner there to replace them.
export const DEMO_SAMPLES: DemoSample[] = [
  {
    title: 'Demo: Midnight Groove',
    artist: 'Studio Demo',
    genre: 'Hip-Hop',
    description: 'A late-night hip-hop groove: warm chords over a laid-back beat at 88 BPM.',
    recipe: { progression: [57, 53, 60, 55], bpm: 88, bars: 4, brightness: 0.35, drums: true },
  },
  {
    title: 'Demo: Golden Hour',
    artist: 'Studio Demo',
    genre: 'Pop',
    description: 'A bright pop chord progression over a light beat, mixed to sit forward and clear.',
    recipe: { progression: [60, 67, 69, 65], bpm: 112, bars: 4, brightness: 0.8, drums: true },
  },
  {
    title: 'Demo: Slow Tide',
    artist: 'Studio Demo',
    genre: 'Ambient',
    description: 'Soft ambient pads without drums, left wide and unhurried.',
    recipe: { progression: [50, 55, 52, 57], bpm: 70, bars: 3, brightness: 0.1, drums: false },
  },
];

/**
 * On the very first start (no samples, never seeded before), adds three demo samples whose audio is synthesised
 * here (no files shipped or downloaded), so a new install shows working players.
 */
export async function seedDemoSamples(
  services: DatabaseServices & { samples: Pick<SamplesCapability, 'audioUploads' | 'catalogue'> },
): Promise<number> {
  if (!services.config.SEED_DEMO) return 0;
  const { count } = await services.db
    .selectFrom('samples')
    .select(sql<number>`count(*)`.as('count'))
    .executeTakeFirstOrThrow();
  if (Number(count) > 0) return 0;
  // Claimed first: of several instances starting at the same moment, only the one whose claim lands seeds;
  // once claimed (seeded before), no claim lands again.
  const claim = await services.db
    .insertInto('completedOnce')
    .values({ name: 'demo-samples', createdAt: new Date().toISOString() })
    .onConflict((conflict) => conflict.column('name').doNothing())
    .executeTakeFirst();
  if (Number(claim.numInsertedOrUpdatedRows ?? 0) === 0) return 0;
  const { audioUploads, catalogue: samples } = services.samples;
  // Oldest first, so the first one listed ends up first on the site (newest first within an order).
  for (const [index, demo] of DEMO_SAMPLES.entries()) {
    const audioUrl = await audioUploads.storeOwnAudio(synthesizeDemoTrack(demo.recipe));
    const created = await samples.create({
      title: demo.title,
      artist: demo.artist,
      genre: demo.genre,
      description: demo.description,
      audioUrl,
    });
    if (created.kind !== 'saved') throw new Error(`demo sample refused: ${created.kind}`);
    await services.db.updateTable('samples').set({ displayOrder: index, isDemo: 1 }).where('id', '=', created.sample.id).execute();
  }
  services.logger.info({ count: DEMO_SAMPLES.length }, 'seeded demo samples');
  return DEMO_SAMPLES.length;
}

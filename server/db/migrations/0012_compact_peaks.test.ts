import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { decodePeaks, encodePeaks } from '#common/peaks.ts';
import { migrateTo, migrateToLatest } from '#server/db/migrate.ts';
import { createTestServices, testDialects, type TestServices } from '#server/test-support/services.ts';
import { compactFromJson } from './0012_compact_peaks.ts';

const WAVE = Array.from({ length: 1000 }, (_, index) => Math.round(Math.abs(Math.sin(index / 50)) * 100) / 100);

describe('compactFromJson', () => {
  it('writes exactly what common/peaks.ts writes', () => {
    expect(compactFromJson(JSON.stringify(WAVE))).toBe(encodePeaks(WAVE));
    expect(compactFromJson('[1.5,-2,0.25]')).toBe(encodePeaks([1.5, -2, 0.25]));
    expect(compactFromJson('[]')).toBe('');
  });
});

describe.each(testDialects())('migration 0012_compact_peaks on %s', (dialect) => {
  let services: TestServices | undefined;
  afterEach(async () => {
    await services?.cleanup();
    services = undefined;
  });

  it('turns stored JSON peaks into the compact text, and damaged ones into "analyse again"', async () => {
    services = await createTestServices(dialect);
    const { db } = services;
    await migrateTo(db, '0011_contact_inbox');
    const insert = (title: string, peaks: string | null, durationSeconds: number | null) =>
      sql`insert into samples (title, audio_url, peaks, duration_seconds) values (${title}, '/x', ${peaks}, ${durationSeconds})`.execute(
        db,
      );
    await insert('Analysed', JSON.stringify(WAVE), 20);
    await insert('Not decodable on the server', '[]', 12);
    await insert('Never analysed', null, null);
    await insert('Broken JSON', '[0.1, 0.2', 9);
    await insert('Not a list', '{"peaks":[0.1]}', 9);
    await insert('Not numbers', '["loud","quiet"]', 9);

    expect(await migrateToLatest(db)).toContain('0012_compact_peaks');
    const rows = await db.selectFrom('samples').select(['title', 'peaks', 'durationSeconds']).orderBy('id').execute();
    expect(rows).toEqual([
      { title: 'Analysed', peaks: encodePeaks(WAVE), durationSeconds: 20 },
      { title: 'Not decodable on the server', peaks: '', durationSeconds: 12 },
      { title: 'Never analysed', peaks: null, durationSeconds: null },
      { title: 'Broken JSON', peaks: null, durationSeconds: null },
      { title: 'Not a list', peaks: null, durationSeconds: null },
      { title: 'Not numbers', peaks: null, durationSeconds: null },
    ]);
    const decoded = decodePeaks(rows[0].peaks)!;
    expect(decoded).toHaveLength(WAVE.length);
    decoded.forEach((value, index) => expect(value).toBeCloseTo(WAVE[index], 2));
  });

  it('goes back to JSON with two decimals when migrated down', async () => {
    services = await createTestServices(dialect);
    const { db } = services;
    await db
      .insertInto('samples')
      .values({ title: 'Analysed', audioUrl: '/x', peaks: encodePeaks(WAVE), durationSeconds: 20 })
      .execute();
    await db.insertInto('samples').values({ title: 'Not decodable', audioUrl: '/y', peaks: '', durationSeconds: 12 }).execute();

    await migrateTo(db, '0011_contact_inbox');
    const rows = await db.selectFrom('samples').select(['peaks', 'durationSeconds']).orderBy('id').execute();
    expect(JSON.parse(rows[0].peaks!)).toEqual(WAVE);
    expect(rows[1]).toEqual({ peaks: '[]', durationSeconds: 12 });
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '#server/test-support/app.ts';
import { testDialects } from '#server/test-support/services.ts';
import { seedDemoSamples } from './demo-seed.ts';

describe.each(testDialects())('demo seed on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(dialect, { asAdmin: true, env: { SEED_DEMO: 'true' } });
  });
  afterAll(async () => {
    await t.services.sampleAnalysis.idle();
    await t.close();
  });

  it('adds three labelled demo samples with synthesized, analysed, playable WAV audio once', async () => {
    expect(await seedDemoSamples(t.services)).toBe(3);
    await t.services.sampleAnalysis.idle();
    const list = (await t.request.get('/api/samples')).body;
    expect(list.map((s: { title: string }) => s.title)).toEqual(['Demo: Midnight Groove', 'Demo: Golden Hour', 'Demo: Slow Tide']);
    for (const sample of list) {
      expect(sample.peaks.length).toBeGreaterThan(500);
      expect(sample.durationSeconds).toBeGreaterThan(5);
      expect(sample.duration).toMatch(/^0:\d\d$/);
      const head = await t.request.head(sample.audioUrl);
      expect(head.status).toBe(200);
      expect(head.headers['content-type']).toBe('audio/wav');
    }
    // Deleting the demos must not bring them back at the next start.
    for (const sample of list) await t.request.delete(`/api/samples/${sample.id}`).expect(204);
    expect(await seedDemoSamples(t.services)).toBe(0);
  });

  it('seeds once when several instances start at the same moment', async () => {
    const fresh = await createTestApp(dialect, { env: { SEED_DEMO: 'true' } });
    try {
      const seeded = await Promise.all([seedDemoSamples(fresh.services), seedDemoSamples(fresh.services)]);
      expect(seeded.sort()).toEqual([0, 3]);
      expect((await fresh.request.get('/api/samples')).body).toHaveLength(3);
    } finally {
      await fresh.services.sampleAnalysis.idle();
      await fresh.close();
    }
  });

  it('does nothing when SEED_DEMO=false', async () => {
    const off = await createTestApp(dialect, { env: { SEED_DEMO: 'false' } });
    expect(await seedDemoSamples(off.services)).toBe(0);
    await off.close();
  });
});

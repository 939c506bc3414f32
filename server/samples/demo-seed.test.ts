import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodePeaks } from '#common/peaks.ts';
import { createTestApp, type TestApp } from '#server/test-support/app.ts';
import { testDialects } from '#server/test-support/services.ts';
import { seedDemoSamples } from './demo-seed.ts';

describe.each(testDialects())('demo seed on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(dialect, { asAdmin: true, env: { SEED_DEMO: 'true' } });
  });
  afterAll(async () => {
    await t.services.samples.sampleAnalysis.idle();
    await t.close();
  });

  it('adds three labelled demo samples with synthesized WAV audio, analysed and streamed as MP3, once', async () => {
    expect(await seedDemoSamples(t.services)).toBe(3);
    await t.services.samples.sampleAnalysis.idle();
    const list = (await t.request.get('/api/samples')).body;
    expect(list.map((s: { title: string }) => s.title)).toEqual(['Demo: Midnight Groove', 'Demo: Golden Hour', 'Demo: Slow Tide']);
    for (const sample of list) {
      // Visitors read the description; the hint to replace the demo is the admin's (the isDemo badge).
      expect(sample.isDemo).toBe(true);
      expect(sample.description).not.toMatch(/admin|replace|first start/i);
      expect(decodePeaks(sample.peaks)?.length).toBeGreaterThan(500);
      expect(sample.durationSeconds).toBeGreaterThan(5);
      expect(sample.duration).toMatch(/^0:\d\d$/);
      const head = await t.request.head(sample.audioUrl);
      expect(head.status).toBe(200);
      // Visitors play the streaming copy made from the synthesized WAV (decision 087).
      expect(head.headers['content-type']).toBe('audio/mpeg');
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
      await fresh.services.samples.sampleAnalysis.idle();
      await fresh.close();
    }
  });

  it('does nothing when SEED_DEMO=false', async () => {
    const off = await createTestApp(dialect, { env: { SEED_DEMO: 'false' } });
    expect(await seedDemoSamples(off.services)).toBe(0);
    await off.close();
  });

  it('keeps the demo flag through an edit of the text, and drops it when the sample gets other audio', async () => {
    const fresh = await createTestApp(dialect, { asAdmin: true, env: { SEED_DEMO: 'true' } });
    try {
      await seedDemoSamples(fresh.services);
      const [first, second] = (await fresh.request.get('/api/samples')).body as Array<Record<string, unknown>>;
      const edit = (sample: Record<string, unknown>, changes: object) =>
        fresh.request
          .put(`/api/samples/${String(sample.id)}`)
          .set('Origin', 'http://localhost:3000')
          .send({ title: sample.title, description: sample.description, audioUrl: sample.audioUrl, ...changes });
      expect((await edit(first!, { title: 'Renamed demo' })).body.isDemo).toBe(true);
      expect((await edit(second!, { audioUrl: 'https://cdn.example.com/own-mix.mp3' })).body.isDemo).toBe(false);
      const flags = ((await fresh.request.get('/api/samples')).body as Array<{ isDemo: boolean }>).map((s) => s.isDemo);
      expect(flags).toEqual([true, false, true]);
    } finally {
      await fresh.services.samples.sampleAnalysis.idle();
      await fresh.close();
    }
  });
});

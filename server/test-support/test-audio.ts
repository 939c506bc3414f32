import type { TestApp } from '#server/test-support/app.ts';
import { synthesizeDemoTrack } from '#server/audio/synthesize.ts';

/** A short real WAV file for tests (one bar, quick to analyse). */
export const testWav = (bars = 1) => synthesizeDemoTrack({ progression: [57], bpm: 120, bars, brightness: 0.3, drums: true }, 8000);

/** Uploads bytes through the real grant → PUT → register flow of the local store; returns the objectPath. */
export async function uploadAudio(t: TestApp, body: Buffer = testWav()): Promise<string> {
  const grant = await t.request.post('/api/objects/upload');
  if (grant.status !== 200) throw new Error(`grant failed: ${grant.status}`);
  const put = await t.request.put(grant.body.uploadURL).set('Content-Type', 'application/octet-stream').send(body);
  if (put.status !== 200) throw new Error(`upload failed: ${put.status} ${JSON.stringify(put.body)}`);
  const registered = await t.request.put('/api/audio-files').send({ audioFileURL: grant.body.uploadURL });
  if (registered.status !== 200) throw new Error(`register failed: ${registered.status} ${JSON.stringify(registered.body)}`);
  return registered.body.objectPath as string;
}

import { spawnSync } from 'node:child_process';
import { expect, type APIRequestContext } from '@playwright/test';

/** Each entry of a ZIP and the SHA-256 of its bytes, read by Python's zipfile (which checks every CRC). */
export function zipEntries(zip: string): Record<string, string> {
  const script = `import sys, zipfile, hashlib, json
with zipfile.ZipFile(sys.argv[1]) as z:
    print(json.dumps({i.filename: hashlib.sha256(z.read(i)).hexdigest() for i in z.infolist()}))`;
  const result = spawnSync('python3', ['-c', script, zip], { encoding: 'utf8' });
  expect(result.status, result.stderr).toBe(0);
  return JSON.parse(result.stdout) as Record<string, string>;
}

/**
 * A PCM WAV of a sine tone at any rate, depth and channel count, made by code: a 24-bit 48 kHz stem
 * the studio's rules accept, or a 16-bit one they warn about. `peak` is the tone's amplitude (0..1).
 */
export function pcmWav({
  seconds,
  sampleRate,
  bitDepth,
  channels,
  peak,
}: {
  seconds: number;
  sampleRate: number;
  bitDepth: 16 | 24;
  channels: number;
  peak: number;
}): Buffer {
  const bytes = bitDepth / 8;
  const frames = Math.round(seconds * sampleRate);
  const data = Buffer.alloc(frames * channels * bytes);
  const full = 2 ** (bitDepth - 1) - 1;
  for (let i = 0; i < frames; i++) {
    const sample = Math.round(Math.sin((2 * Math.PI * 440 * i) / sampleRate) * peak * full);
    for (let channel = 0; channel < channels; channel++) data.writeIntLE(sample, (i * channels + channel) * bytes, bytes);
  }
  const header = Buffer.alloc(44);
  header.write('RIFF', 0, 'ascii');
  header.writeUInt32LE(36 + data.length, 4);
  header.write('WAVE', 8, 'ascii');
  header.write('fmt ', 12, 'ascii');
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(1, 20);
  header.writeUInt16LE(channels, 22);
  header.writeUInt32LE(sampleRate, 24);
  header.writeUInt32LE(sampleRate * channels * bytes, 28);
  header.writeUInt16LE(channels * bytes, 32);
  header.writeUInt16LE(bitDepth, 34);
  header.write('data', 36, 'ascii');
  header.writeUInt32LE(data.length, 40);
  return Buffer.concat([header, data]);
}

/**
 * Uploads a file into a project through /api/uploads (one multipart part, as Uppy would send a small
 * file) with the caller's session, and registers it at `registerPath`. Answers the registered file.
 */
export async function uploadIntoProject(
  api: APIRequestContext,
  projectId: number,
  registerPath: string,
  file: { name: string; body: Buffer; category?: string },
): Promise<{ id: number; name: string }> {
  const started = await api.post('/api/uploads/s3/multipart', {
    data: { filename: file.name, type: 'audio/wav', metadata: { projectId } },
  });
  expect(started.status(), await started.text()).toBe(200);
  const { key, uploadId } = (await started.json()) as { key: string; uploadId: string };
  const base = `/api/uploads/s3/multipart/${encodeURIComponent(uploadId)}`;
  const query = `?key=${encodeURIComponent(key)}`;
  const signed = await api.get(`${base}/1${query}`);
  expect(signed.status()).toBe(200);
  const put = await api.put(((await signed.json()) as { url: string }).url, {
    data: file.body,
    headers: { 'Content-Type': 'application/octet-stream' },
  });
  expect(put.status()).toBe(200);
  const done = await api.post(`${base}/complete${query}`, { data: { parts: [{ PartNumber: 1, ETag: put.headers().etag }] } });
  expect(done.status(), await done.text()).toBe(200);
  const location = ((await done.json()) as { location: string }).location;
  const registered = await api.post(registerPath, {
    data: { objectPath: location, ...(file.category ? { category: file.category } : {}) },
  });
  expect(registered.status(), await registered.text()).toBe(201);
  return (await registered.json()) as { id: number; name: string };
}

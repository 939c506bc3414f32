import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { ProjectAccess } from '#common/collaborators.ts';
import { decodeInSteps } from '#server/audio/analyze.ts';
import { analyseProjectAudio } from '#server/audio/file-facts.ts';
import { encodeWav } from '#server/audio/wav.ts';
import type { Dialect } from '#server/db/connection.ts';
import { listenerCookieName } from '#server/projects/review-links/link-tokens.ts';
import { applyRetention } from '#server/projects/retention.ts';
import type { TestAppOptions } from './app.ts';
import { cookieFrom, ORIGIN } from './project-fixture.ts';
import { ACCESSES, rolesProject, type RolesProject } from './roles-fixture.ts';

/*
 * What issue 41 asks of the review room's listening copies (decision 101), on one store: the test
 * files for the local store and for S3 call it. A project whose delivery is locked (a sent invoice
 * not paid), a 24-bit 48 kHz version, a collaborator of every role and a password review link.
 */

const RATE = 48_000;
/** Long enough for the watermark's first tag (15 s in). */
const SECONDS = 20;
/** One MP3 frame (MPEG-1 Layer III: 1152 samples) at the copy's rate. */
const FRAME_SECONDS = 1152 / RATE;
/**
 * LAME's fixed lead-in (576 samples of encoder delay and the decoder's 529) that a player reading no
 * LAME tag plays as silence in front: the copy's programme starts after it, as the samples' copy
 * test counts it (server/audio/streaming-copy.test.ts).
 */
const LEAD_IN_SECONDS = (576 + 529) / RATE;

/** A few tones and a slow swell, different in each channel: something with a loudness to keep. */
function programme(): Buffer {
  const frames = RATE * SECONDS;
  const channel = (offset: number) =>
    Float32Array.from({ length: frames }, (_, i) => {
      const t = i / RATE;
      const swell = 0.6 + 0.4 * Math.sin(2 * Math.PI * 0.25 * t);
      return swell * (0.15 * Math.sin(2 * Math.PI * (110 + offset) * t) + 0.08 * Math.sin(2 * Math.PI * (1760 + offset) * t));
    });
  return encodeWav([channel(0), channel(3)], RATE, { bitDepth: 24 });
}

const rmsOf = (samples: Float32Array, from: number, to: number) => {
  let sum = 0;
  for (let i = Math.round(from); i < Math.round(to); i++) sum += samples[i]! ** 2;
  return Math.sqrt(sum / (Math.round(to) - Math.round(from)));
};
const rmsOfDifference = (a: Float32Array, b: Float32Array, from: number, to: number) =>
  rmsOf(
    Float32Array.from({ length: Math.round(to) }, (_, i) => (i < from ? 0 : a[i]! - b[i]!)),
    from,
    to,
  );
const dbOf = (ratio: number) => 20 * Math.log10(ratio);
const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

export function listeningCopyChecks(dialect: Dialect, app: () => TestAppOptions = () => ({})): void {
  let roles: RolesProject;
  let wav: Buffer;
  let listenerCookie: string;
  let token: string;
  const folder = mkdtempSync(path.join(tmpdir(), 'studio-listening-test-'));

  const versionAudio = (area: 'admin' | 'portal', versionId = roles.ids.version) =>
    `/api/${area}/projects/${roles.projectId}/tracks/${roles.ids.track}/versions/${versionId}/audio`;
  const asRole = (access: ProjectAccess) => roles.t.asClient(roles.cookies[access]);
  const listen = (url: string) => roles.t.request.get(url).set('Origin', ORIGIN).set('Cookie', listenerCookie).buffer(true);
  const binary = <T extends { buffer(on: boolean): T; parse(fn: never): T }>(req: T) =>
    req.buffer(true).parse(((res: NodeJS.ReadableStream, done: (error: Error | null, body: Buffer) => void) => {
      const parts: Buffer[] = [];
      res.on('data', (part: Buffer) => parts.push(part));
      res.on('end', () => done(null, Buffer.concat(parts)));
    }) as never);
  const versionRow = () =>
    roles.t.services.db.selectFrom('trackVersions').selectAll().where('id', '=', roles.ids.version).executeTakeFirstOrThrow();

  beforeAll(async () => {
    wav = programme();
    roles = await rolesProject(dialect, { wav, app: app() });
    const links = `/api/admin/projects/${roles.projectId}/tracks/${roles.ids.track}/review-links`;
    const link = await roles.t.asAdmin.post(links).send({ password: 'open sesame' });
    expect(link.status).toBe(201);
    token = String(link.body.url).split('/listen/')[1]!;
    const unlocked = await roles.t.request.post(`/api/listen/${token}/unlock`).set('Origin', ORIGIN).send({ password: 'open sesame' });
    expect(unlocked.status).toBe(204);
    listenerCookie = cookieFrom(unlocked, listenerCookieName(link.body.id));
  });
  afterAll(async () => {
    await roles.t.close();
    rmSync(folder, { recursive: true, force: true });
  });

  it('while the delivery is locked, no client, collaborator or review link gets the original; the owner does', async () => {
    const delivery = await asRole('client').get(`/api/portal/projects/${roles.projectId}/files/${roles.ids.delivery}/download`);
    expect(delivery.status).toBe(402);
    const original = sha256(wav);
    const stored = await versionRow();
    expect(stored.streamKey).not.toBeNull();

    for (const access of ACCESSES) {
      const whole = await binary(asRole(access).get(versionAudio('portal')));
      expect(whole.status, access).toBe(200);
      expect(whole.headers['content-type']).toBe('audio/mpeg');
      expect(whole.body.length, access).toBe(stored.streamSize);
      expect(sha256(whole.body), access).not.toBe(original);
      const part = await asRole(access).get(versionAudio('portal')).set('Range', 'bytes=0-99');
      expect(part.status, access).toBe(206);
      expect(part.headers['content-range']).toBe(`bytes 0-99/${stored.streamSize}`);
    }
    const linked = await binary(listen(`/api/listen/${token}/versions/${roles.ids.version}/audio`));
    expect(linked.status).toBe(200);
    expect(linked.headers['content-type']).toBe('audio/mpeg');
    expect(sha256(linked.body)).not.toBe(original);

    const owners = await binary(roles.t.asAdmin.get(versionAudio('admin')));
    expect(owners.status).toBe(200);
    expect(sha256(owners.body)).toBe(original);
  });

  it('the copy lasts as long as the original (within one MP3 frame) and keeps its loudness (within 0.5 LU)', async () => {
    const copy = await binary(asRole('listen').get(versionAudio('portal')));
    const copyPath = path.join(folder, 'copy.mp3');
    writeFileSync(copyPath, copy.body);
    const measured = await analyseProjectAudio(copyPath);
    const version = await versionRow();
    expect(version.durationSeconds).toBeCloseTo(SECONDS, 3);
    expect(Math.abs(measured!.durationSeconds! - LEAD_IN_SECONDS - SECONDS)).toBeLessThanOrEqual(FRAME_SECONDS);
    expect(version.loudnessLufs).not.toBeNull();
    expect(Math.abs(measured!.loudnessLufs! - version.loudnessLufs!)).toBeLessThanOrEqual(0.5);

    // The room reads the original's loudness (the copy is not normalised) and that the copy is ready.
    const project = await asRole('client').get(`/api/portal/projects/${roles.projectId}`);
    const shown = project.body.tracks[0].versions[0];
    expect(shown).toMatchObject({ loudnessLufs: version.loudnessLufs, listening: { state: 'ready', bitrateKbps: 256 } });
  });

  it('a version without its copy is "being prepared" (409) until the copy made at start exists, then plays', async () => {
    const before = await versionRow();
    await roles.t.services.db
      .updateTable('trackVersions')
      .set({ streamKey: null, streamSize: null, streamBitrateKbps: null })
      .where('id', '=', before.id)
      .execute();
    const waiting = await asRole('comment').get(versionAudio('portal'));
    expect(waiting.status).toBe(409);
    expect(waiting.headers['retry-after']).toBe('5');
    expect(waiting.body.listening).toEqual({ state: 'preparing', progress: null });
    expect((await listen(`/api/listen/${token}/versions/${roles.ids.version}/audio`)).status).toBe(409);
    const track = await listen(`/api/listen/${token}/track`);
    expect(track.body.versions[0].listening.state).toBe('preparing');

    const processing = roles.t.services.projects.projectFileProcessing;
    expect(await processing.scheduleBacklog()).toBe(1);
    await processing.idle();
    const ready = await binary(asRole('comment').get(versionAudio('portal')));
    expect(ready.status).toBe(200);
    expect(sha256(ready.body)).not.toBe(sha256(wav));
    // The copy forgotten above is only bytes nobody links to; this test put it there by hand.
    await roles.t.services.store.delete(before.streamKey!);
  });

  it('the owner chooses 320 kbps: the copy is made again at it and the old one removed from the store', async () => {
    const before = await versionRow();
    const bad = await roles.t.asAdmin.put(`/api/admin/projects/${roles.projectId}/listening-quality`).send({ bitrateKbps: 128 });
    expect(bad.status).toBe(400);
    expect((await asRole('client').put(`/api/admin/projects/${roles.projectId}/listening-quality`).send({ bitrateKbps: 320 })).status).toBe(
      401,
    );
    const chosen = await roles.t.asAdmin.put(`/api/admin/projects/${roles.projectId}/listening-quality`).send({ bitrateKbps: 320 });
    expect(chosen.status).toBe(200);
    await roles.t.services.projects.projectFileProcessing.idle();
    const after = await versionRow();
    expect(after.streamBitrateKbps).toBe(320);
    expect(after.streamKey).not.toBe(before.streamKey);
    expect(after.streamSize! / before.streamSize!).toBeCloseTo(320 / 256, 1);
    expect(await roles.t.services.store.stat(before.streamKey!)).toBeNull();
    expect((await roles.t.asAdmin.get(`/api/admin/projects/${roles.projectId}`)).body.listeningBitrateKbps).toBe(320);
    const played = await binary(asRole('approve').get(versionAudio('portal')));
    expect(played.body.length).toBe(after.streamSize);
  });

  it('a review link with the watermark plays a watermarked copy at its own URL: the tag sounds 20 dB below the music', async () => {
    const links = `/api/admin/projects/${roles.projectId}/tracks/${roles.ids.track}/review-links`;
    const made = await roles.t.asAdmin.post(links).send({ watermark: true });
    expect(made.status).toBe(201);
    const markedToken = String(made.body.url).split('/listen/')[1]!;
    // A link without a password hands out its pass at the unlock too (whatever is typed).
    const unlocked = await roles.t.request.post(`/api/listen/${markedToken}/unlock`).set('Origin', ORIGIN).send({ password: 'x' });
    expect(unlocked.status).toBe(204);
    const markedCookie = cookieFrom(unlocked, listenerCookieName(made.body.id));
    const asMarked = (url: string) => binary(roles.t.request.get(url).set('Origin', ORIGIN).set('Cookie', markedCookie));
    await roles.t.services.projects.projectFileProcessing.idle();
    const listed = await roles.t.asAdmin.get(links);
    expect(listed.body.links.find((link: { id: number }) => link.id === made.body.id).watermark).toBe(true);

    const base = (token: string) => `/api/listen/${token}/versions/${roles.ids.version}`;
    const marked = await asMarked(`${base(markedToken)}/watermarked-audio`);
    expect(marked.status).toBe(200);
    expect(marked.headers['content-type']).toBe('audio/mpeg');
    // Each link hears its own copy only: the clean one is not at the watermarked link's address, nor the other way.
    expect((await asMarked(`${base(markedToken)}/audio`)).status).toBe(404);
    expect((await listen(`${base(token)}/watermarked-audio`)).status).toBe(404);
    const clean = await binary(asRole('client').get(versionAudio('portal')));
    expect(sha256(marked.body)).not.toBe(sha256(clean.body));
    expect(sha256(marked.body)).not.toBe(sha256(wav));
    const track = await roles.t.request.get(`/api/listen/${markedToken}/track`).set('Cookie', markedCookie);
    expect(track.body.versions[0].listening.state).toBe('ready');

    // Decoded, the two copies differ by the tag alone: at 15 s, its RMS 20 dB below the programme's.
    const [cleanPcm, markedPcm] = await Promise.all([decoded(clean.body, 'clean'), decoded(marked.body, 'marked')]);
    const at = Math.round((15 + LEAD_IN_SECONDS) * RATE);
    const tagWindow = [at + 0.05 * RATE, at + 0.45 * RATE] as const;
    // The programme's level as the mixer reads it: both channels' power, over the 3 s before the tag.
    const programme = Math.sqrt(cleanPcm.reduce((sum, channel) => sum + rmsOf(channel, at - 3 * RATE, at) ** 2, 0) / cleanPcm.length);
    for (const channel of [0, 1]) {
      const tagDb = dbOf(rmsOfDifference(markedPcm[channel]!, cleanPcm[channel]!, ...tagWindow) / programme);
      expect(tagDb).toBeGreaterThan(-21.5);
      expect(tagDb).toBeLessThan(-18.5);
      // Before the first tag the copies are the same sound.
      expect(rmsOfDifference(markedPcm[channel]!, cleanPcm[channel]!, RATE, 14 * RATE)).toBeLessThan(1e-4);
    }

    // Revoked, the last watermarked link takes the watermarked copy with it.
    const keyBefore = (await versionRow()).watermarkKey;
    expect(keyBefore).not.toBeNull();
    expect((await roles.t.asAdmin.delete(`${links}/${made.body.id}`)).status).toBe(204);
    await roles.t.services.projects.projectFileProcessing.idle();
    expect((await versionRow()).watermarkKey).toBeNull();
    expect(await roles.t.services.store.stat(keyBefore!)).toBeNull();
  });

  /** An MP3 decoded, channel by channel, through the project's decoder. */
  async function decoded(bytes: Buffer, name: string): Promise<Float32Array[]> {
    const file = path.join(folder, `${name}.mp3`);
    writeFileSync(file, bytes);
    const parts: Float32Array[][] = [];
    for await (const { channelData } of decodeInSteps(file, 'mp3')) parts.push(channelData.map((channel) => Float32Array.from(channel)));
    return [0, 1].map((index) => {
      const all = new Float32Array(parts.reduce((sum, part) => sum + part[0]!.length, 0));
      let offset = 0;
      for (const part of parts) {
        // A decoder may hand identical channels over as one.
        all.set(part[index] ?? part[0]!, offset);
        offset += part[0]!.length;
      }
      return all;
    });
  }

  it("retention removes the copy with the version's audio; the room then says it cannot be played", async () => {
    const before = await versionRow();
    const long = new Date(Date.now() - 60 * 24 * 3600 * 1000).toISOString();
    await roles.t.services.db
      .updateTable('projects')
      .set({ completedAt: long, retentionWarnedAt: long })
      .where('id', '=', roles.projectId)
      .execute();
    const { db, store, logger } = roles.t.services;
    const report = await applyRetention({ db, store, logger, sendSoon: () => {} });
    expect(report.projectsCleared).toBe(1);
    expect(await store.stat(before.streamKey!)).toBeNull();
    expect((await versionRow()).streamKey).toBeNull();
    expect((await asRole('client').get(versionAudio('portal'))).status).toBe(404);
    const project = await asRole('client').get(`/api/portal/projects/${roles.projectId}`);
    expect(project.body.tracks[0].versions[0].listening).toEqual({ state: 'unavailable' });
  });
}

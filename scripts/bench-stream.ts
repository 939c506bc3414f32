// `npm run bench:stream`: what the streaming copies (decision 087) save and cost.
// - Bytes a visitor downloads to play each sample in full: the original (what every visitor got
//   before) against the streaming copy (fetched over HTTP from the production server), for the three
//   demo samples and a synthesized 4-minute 24-bit 48 kHz stereo WAV.
// - Time to make the copy of that WAV in the analysis worker (built bundle, one reused thread; median
//   of 3), against the analysis alone, and the peak RSS of a process doing each (a fresh process per
//   mode, so one mode's peak does not hide the other's).
// - Side by side in the same run, the same WAV as a review-room version (decision 101): its
//   measurement (loudness, true peak, waveform) with its listening copy at 256 and at 320 kbps, and
//   how long the 256 kbps one takes against the sample's copy (issue 41 asks for at most 1.5x).
// Needs `npm run build` first. Results go to docs/benchmarks.md ("## Streaming copies") by hand.
import { spawnSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream, mkdtempSync, rmSync, statSync } from 'node:fs';
import { once } from 'node:events';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { objectKeyFromPath, storageKey } from '#common/object-keys.ts';
import { AnalysisThread } from '#server/audio/analysis-thread.ts';
import type { AnalysisJob } from '#server/audio/analysis-worker.ts';
import { wavHeader } from '#server/audio/wav.ts';
import { projectRoot } from '#server/paths.ts';
import { ensureBuild, median, startServer } from './bench-support.ts';
import { openSeededSite } from './bench-seeded-site.ts';

const buildDir = process.env.BUILD_DIR ?? 'build';
const LONG_SECONDS = 240;
const LONG_RATE = 48_000;
const LONG_TITLE = 'Four minutes, 24-bit 48 kHz stereo';
const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(2)} MB`;

/** The 4-minute master, written a second at a time (never whole in memory): two detuned tones and a little noise. */
async function writeLongWav(file: string): Promise<void> {
  const frames = LONG_SECONDS * LONG_RATE;
  const out = createWriteStream(file);
  out.write(wavHeader(2, LONG_RATE, frames, { bitDepth: 24 }));
  let noise = 12345;
  for (let second = 0; second < LONG_SECONDS; second++) {
    const block = Buffer.alloc(LONG_RATE * 6);
    for (let i = 0; i < LONG_RATE; i++) {
      const t = (second * LONG_RATE + i) / LONG_RATE;
      noise = (noise * 1103515245 + 12345) & 0x7fffffff;
      const hiss = (noise / 0x3fffffff - 1) * 0.02;
      const left = 0.35 * Math.sin(2 * Math.PI * 220 * t) + 0.15 * Math.sin(2 * Math.PI * 331 * t) + hiss;
      const right = 0.35 * Math.sin(2 * Math.PI * 221 * t) + 0.15 * Math.sin(2 * Math.PI * 442 * t) - hiss;
      block.writeIntLE(Math.round(left * 0x7fffff), i * 6, 3);
      block.writeIntLE(Math.round(right * 0x7fffff), i * 6 + 3, 3);
    }
    if (!out.write(block)) await once(out, 'drain');
  }
  out.end();
  await once(out, 'finish');
}

type Mode = 'analysis' | 'copy' | 'version-measure' | 'version-256' | 'version-320';
const MODES: readonly Mode[] = ['analysis', 'copy', 'version-measure', 'version-256', 'version-320'];

/** The job a mode runs: a sample's analysis (with or without its copy), or a version's measurement with its listening copy. */
function jobOf(mode: Mode, file: string, copyPath: string): AnalysisJob {
  if (mode === 'analysis') return { kind: 'sample', filePath: file, format: 'wav' };
  if (mode === 'copy') return { kind: 'sample', filePath: file, format: 'wav', streamingCopyPath: copyPath };
  if (mode === 'version-measure') return { kind: 'project-file', filePath: file };
  return { kind: 'project-file', filePath: file, listeningCopy: { path: copyPath, bitrateKbps: mode === 'version-320' ? 320 : 256 } };
}

/** Child mode: one analysis mode, three runs in one reused thread on the bundle; prints JSON. */
async function timeWorker(mode: Mode, file: string) {
  const bundle = path.join(projectRoot, buildDir, 'analysis-worker.js');
  const thread = new AnalysisThread({ script: pathToFileURL(bundle) });
  const idleRssMb = process.memoryUsage().rss / 1024 / 1024;
  const times: number[] = [];
  let bytes = 0;
  for (let run = 0; run < 3; run++) {
    const copyPath = `${file}.${run}.mp3`;
    const started = performance.now();
    const result = await thread.run<{ streamingCopy?: { bytes: number } | null }>(jobOf(mode, file, copyPath), 600_000);
    times.push(performance.now() - started);
    bytes = result.streamingCopy?.bytes ?? 0;
    rmSync(copyPath, { force: true });
  }
  await thread.close();
  const peakRssMb = process.resourceUsage().maxRSS / 1024;
  console.log(JSON.stringify({ mode, medianMs: median(times), times, bytes, idleRssMb, peakRssMb }));
}

const HEAD_TO_HEAD_ROUNDS = 5;

/**
 * Child mode: the sample's copy and the version's (256 kbps) one after the other in one thread, for
 * HEAD_TO_HEAD_ROUNDS rounds. On a machine others share, the load changes by the minute: a ratio
 * taken within each round, and the median of those, compares the two under the same load.
 */
async function headToHead(file: string) {
  const bundle = path.join(projectRoot, buildDir, 'analysis-worker.js');
  const thread = new AnalysisThread({ script: pathToFileURL(bundle) });
  const rounds: Array<{ sample: number; version: number }> = [];
  const timed = async (mode: Mode) => {
    const copyPath = `${file}.${mode}.mp3`;
    const started = performance.now();
    await thread.run(jobOf(mode, file, copyPath), 600_000);
    rmSync(copyPath, { force: true });
    return performance.now() - started;
  };
  for (let round = 0; round < HEAD_TO_HEAD_ROUNDS; round++)
    rounds.push({ sample: await timed('copy'), version: await timed('version-256') });
  await thread.close();
  console.log(JSON.stringify(rounds));
}

/** A DATA_DIR with the demo samples and the 4-minute WAV as a sample, analysed (copies made). */
async function prepareData(dataDir: string, longWav: string): Promise<Map<string, number>> {
  const { services, close } = await openSeededSite(dataDir);
  // Straight into the store, as an upload would land (the bench skips the upload's size limit).
  const key = randomUUID();
  const size = statSync(longWav).size;
  await services.store.writeStream(storageKey(key), createReadStream(longWav), size, 'audio/wav');
  const now = new Date().toISOString();
  await services.db
    .insertInto('uploadedObjects')
    .values({ key, status: 'registered', size, contentType: 'audio/wav', format: 'wav', createdAt: now, registeredAt: now })
    .execute();
  await services.samples.catalogue.create({ title: LONG_TITLE, audioUrl: `/objects/uploads/${key}` });
  await services.samples.sampleAnalysis.idle();
  const originals = new Map<string, number>();
  for (const row of await services.db.selectFrom('samples').select(['title', 'audioUrl']).execute()) {
    const info = await services.store.stat(storageKey(objectKeyFromPath(row.audioUrl)!));
    originals.set(row.title, info?.size ?? 0);
  }
  await close();
  return originals;
}

async function main() {
  ensureBuild(buildDir);
  const work = mkdtempSync(path.join(tmpdir(), 'bench-stream-'));
  const longWav = path.join(work, 'four-minutes.wav');
  try {
    await writeLongWav(longWav);
    const dataDir = path.join(work, 'data');
    const originals = await prepareData(dataDir, longWav);

    const server = await startServer({ SEED_DEMO: 'false', BUILD_DIR: buildDir }, dataDir);
    const rows: Array<{ title: string; before: number; after: number; type: string }> = [];
    try {
      const samples = (await (await fetch(`${server.url}/api/samples`)).json()) as Array<{ title: string; audioUrl: string }>;
      for (const sample of samples) {
        // A visitor playing to the end downloads the whole file (a browser's Range requests add up to it).
        const res = await fetch(`${server.url}${sample.audioUrl}`);
        const after = (await res.arrayBuffer()).byteLength;
        rows.push({ title: sample.title, before: originals.get(sample.title) ?? 0, after, type: res.headers.get('content-type') ?? '' });
      }
    } finally {
      await server.stop();
    }

    const timings = MODES.map((mode) => {
      const child = spawnSync(
        process.execPath,
        ['--import', 'tsx', path.join(projectRoot, 'scripts', 'bench-stream.ts'), '--time', mode, longWav],
        {
          cwd: projectRoot,
          encoding: 'utf8',
        },
      );
      if (child.status !== 0) throw new Error(`timing ${mode} failed: ${child.stderr}`);
      return JSON.parse(child.stdout.trim().split('\n').at(-1)!) as {
        mode: string;
        medianMs: number;
        times: number[];
        bytes: number;
        idleRssMb: number;
        peakRssMb: number;
      };
    });

    console.log(`Node ${process.versions.node}\n`);
    console.log('| sample | original (before) | streaming copy (after) | type served | saved |');
    console.log('|---|---|---|---|---|');
    let before = 0;
    let after = 0;
    for (const row of rows) {
      before += row.before;
      after += row.after;
      console.log(
        `| ${row.title} | ${mb(row.before)} | ${mb(row.after)} | ${row.type} | ${(100 - (100 * row.after) / row.before).toFixed(0)} % |`,
      );
    }
    console.log(`| all | ${mb(before)} | ${mb(after)} | | ${(100 - (100 * after) / before).toFixed(0)} % |`);
    console.log(`\n4-minute 24-bit 48 kHz stereo WAV in the analysis worker (one reused thread, built bundle), 3 runs each:\n`);
    console.log('| job | median | runs | process RSS idle → peak |');
    console.log('|---|---|---|---|');
    const labels: Record<string, string> = {
      analysis: 'sample: analysis alone',
      copy: 'sample: analysis + streaming copy, 256 kbps',
      'version-measure': 'version: measurement alone (before)',
      'version-256': 'version: measurement + listening copy, 256 kbps',
      'version-320': 'version: measurement + listening copy, 320 kbps',
    };
    for (const t of timings) {
      const label = `${labels[t.mode]}${t.bytes ? ` (${mb(t.bytes)})` : ''}`;
      const runs = t.times.map((ms) => `${(ms / 1000).toFixed(2)} s`).join(', ');
      console.log(
        `| ${label} | ${(t.medianMs / 1000).toFixed(2)} s | ${runs} | ${t.idleRssMb.toFixed(0)} → ${t.peakRssMb.toFixed(0)} MB |`,
      );
    }
    const medianOf = (mode: Mode) => timings.find((t) => t.mode === mode)!.medianMs;
    // The copy's own cost in each job: what the job takes beyond the same job without a copy.
    const sampleCopy = medianOf('copy') - medianOf('analysis');
    const versionCopy = medianOf('version-256') - medianOf('version-measure');
    const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
    console.log(`\nThe copy's own cost (job with it minus job without, medians of the rows above):`);
    console.log(`sample ${seconds(sampleCopy)}, version ${seconds(versionCopy)}`);

    const child = spawnSync(
      process.execPath,
      ['--import', 'tsx', path.join(projectRoot, 'scripts', 'bench-stream.ts'), '--head-to-head', longWav],
      {
        cwd: projectRoot,
        encoding: 'utf8',
      },
    );
    if (child.status !== 0) throw new Error(`head to head failed: ${child.stderr}`);
    const rounds = JSON.parse(child.stdout.trim().split('\n').at(-1)!) as Array<{ sample: number; version: number }>;
    console.log(`\nHead to head, the same WAV in one thread, ${rounds.length} rounds of (sample copy, version copy at 256 kbps):\n`);
    console.log('| round | sample: analysis + copy | version: measurement + copy | version / sample |');
    console.log('|---|---|---|---|');
    rounds.forEach((round, index) =>
      console.log(
        `| ${index + 1} | ${seconds(round.sample)} | ${seconds(round.version)} | ${(round.version / round.sample).toFixed(2)}x |`,
      ),
    );
    const ratio = median(rounds.map((round) => round.version / round.sample));
    const medians = { sample: seconds(median(rounds.map((r) => r.sample))), version: seconds(median(rounds.map((r) => r.version))) };
    console.log(`| median | ${medians.sample} | ${medians.version} | ${ratio.toFixed(2)}x (issue 41: at most 1.5x) |`);
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

const timeFlag = process.argv.indexOf('--time');
const headFlag = process.argv.indexOf('--head-to-head');
if (headFlag > 0) await headToHead(process.argv[headFlag + 1]!);
else if (timeFlag > 0) await timeWorker(process.argv[timeFlag + 1] as Mode, process.argv[timeFlag + 2]!);
else await main();

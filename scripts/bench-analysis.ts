// `npm run bench:analysis`: the time an analysis job costs, end to end from the server's side, for
// a short file (1 s of 48 kHz stereo WAV: the job is mostly the thread's cost, not the decoding).
// Compared in one run: a fresh thread per job loading TypeScript through tsx (as before the Node 22
// baseline), a fresh thread per job on the built bundle, and one reused thread on the bundle (now).
// Needs `npm run build` first. BENCH_JOBS (default 30) jobs per mode; medians reported.
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { AnalysisThread } from '#server/audio/analysis-thread.ts';
import { encodeWav } from '#server/audio/wav.ts';
import { projectRoot } from '#server/paths.ts';

const jobs = Number(process.env.BENCH_JOBS ?? 30);
const bundle = path.join(projectRoot, process.env.BUILD_DIR ?? 'build', 'analysis-worker.js');
if (!existsSync(bundle)) throw new Error(`no ${path.relative(projectRoot, bundle)}: run npm run build first`);
const sourceEntry = path.join(projectRoot, 'server', 'audio', 'analysis-worker-entry.mjs');

const folder = mkdtempSync(path.join(tmpdir(), 'bench-analysis-'));
const tone = Float32Array.from({ length: 48_000 }, (_, index) => 0.25 * Math.sin((2 * Math.PI * 440 * index) / 48_000));
const file = path.join(folder, 'tone.wav');
writeFileSync(file, encodeWav([tone, tone], 48_000, { bitDepth: 24 }));

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
};

async function measure(label: string, thread: AnalysisThread) {
  const times: number[] = [];
  for (let index = 0; index < jobs; index++) {
    const started = performance.now();
    await thread.run({ kind: 'project-file', filePath: file }, 60_000);
    times.push(performance.now() - started);
  }
  await thread.close();
  return { label, median: median(times), first: times[0], threads: thread.threadsStarted };
}

const results = [
  await measure(
    'fresh thread per job, TypeScript through tsx (before)',
    new AnalysisThread({ script: pathToFileURL(sourceEntry), jobsPerThread: 1 }),
  ),
  await measure('fresh thread per job, built bundle', new AnalysisThread({ script: pathToFileURL(bundle), jobsPerThread: 1 })),
  await measure('one reused thread, built bundle (now)', new AnalysisThread({ script: pathToFileURL(bundle) })),
];
rmSync(folder, { recursive: true, force: true });

console.log(`Node ${process.versions.node}, ${jobs} jobs per mode, 1 s of 48 kHz 24-bit stereo WAV each\n`);
console.log('| mode | median per job | first job | threads started |');
console.log('|---|---|---|---|');
for (const { label, median: ms, first, threads } of results) {
  console.log(`| ${label} | ${ms.toFixed(0)} ms | ${first.toFixed(0)} ms | ${threads} |`);
}

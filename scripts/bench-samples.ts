// `npm run bench:samples`: page weight of / with six samples, audio analysis cost, upload memory.
// Results go to docs/benchmarks.md ("## Samples") by hand; this prints them.
import { createReadStream, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { chromium } from '@playwright/test';
import { runAnalysisInWorker } from '#server/audio/run-analysis.ts';
import { synthesizeDemoTrack } from '#server/audio/synthesize.ts';
import { encodeWav } from '#server/audio/wav.ts';
import { ensureBuild, startServer } from './bench-support.ts';
import { openSeededSite } from './bench-seeded-site.ts';

const buildDir = process.env.BUILD_DIR ?? 'build';
const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

/** A DATA_DIR with the three demo samples plus three more (six in all), and one upload grant. */
async function prepareData(dataDir: string): Promise<{ uploadUrl: string }> {
  const { services, close } = await openSeededSite(dataDir);
  const { audioUploads: uploads, catalogue: samples, sampleAnalysis: analysis } = services.samples;
  for (const [index, root] of [62, 59, 64].entries()) {
    const audioUrl = await uploads.storeOwnAudio(
      synthesizeDemoTrack({
        progression: [root, root - 5, root + 2, root - 3],
        bpm: 100 + index * 8,
        bars: 4,
        brightness: 0.5,
        drums: true,
      }),
    );
    await samples.create({ title: `Bench sample ${index + 1}`, artist: 'Bench', genre: 'Test', audioUrl });
  }
  await analysis.idle();
  const uploadUrl = await uploads.issueUploadUrl();
  await close();
  return { uploadUrl };
}

async function measureHomePage(url: string) {
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu'],
  });
  const page = await browser.newPage();
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  const byRequest = new Map<string, { url: string; type: string }>();
  let total = 0;
  let audioBytes = 0;
  let audioRequests = 0;
  const byType = new Map<string, number>();
  cdp.on('Network.requestWillBeSent', (event) => byRequest.set(event.requestId, { url: event.request.url, type: event.type ?? 'Other' }));
  cdp.on('Network.loadingFinished', (event) => {
    const info = byRequest.get(event.requestId);
    total += event.encodedDataLength;
    if (info) byType.set(info.type, (byType.get(info.type) ?? 0) + event.encodedDataLength);
    if (info && new URL(info.url).pathname.startsWith('/objects/')) {
      audioRequests++;
      audioBytes += event.encodedDataLength;
    }
  });
  await page.goto(`${url}/`, { waitUntil: 'networkidle' });
  const players = await page.locator('[data-player-status="ready"]').count();
  await page.waitForTimeout(1000);
  await browser.close();
  return { total, audioBytes, audioRequests, players, byType: Object.fromEntries([...byType].map(([type, bytes]) => [type, kb(bytes)])) };
}

/** Peak RSS of this process and event-loop delay while one file is analysed in the worker. */
async function measureAnalysis(file: string, format: 'wav' | 'mp3') {
  const loop = monitorEventLoopDelay({ resolution: 10 });
  const baseline = process.memoryUsage().rss;
  let peak = baseline;
  const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 20);
  loop.enable();
  const started = performance.now();
  const result = await runAnalysisInWorker(file, format);
  const ms = performance.now() - started;
  loop.disable();
  clearInterval(sampler);
  return {
    ms,
    rssGrowth: peak - baseline,
    loopMaxMs: loop.max / 1e6,
    loopP99Ms: loop.percentile(99) / 1e6,
    peaks: result.peaks?.length ?? 0,
    duration: result.durationSeconds,
  };
}

function fourMinuteStereo(sampleRate = 44_100): Float32Array[] {
  const frames = sampleRate * 240;
  const left = new Float32Array(frames);
  const right = new Float32Array(frames);
  for (let i = 0; i < frames; i++) {
    const t = i / sampleRate;
    const envelope = 0.5 + 0.4 * Math.sin(2 * Math.PI * 0.05 * t);
    left[i] = envelope * (0.5 * Math.sin(2 * Math.PI * 220 * t) + 0.2 * Math.sin(2 * Math.PI * 330 * t));
    right[i] = envelope * (0.5 * Math.sin(2 * Math.PI * 277 * t) + 0.2 * Math.sin(2 * Math.PI * 415 * t));
  }
  return [left, right];
}

/** MP3 encoding needs a pure-JS encoder that is not a project dependency; pass its path to use one. */
async function encodeMp3(channels: Float32Array[], sampleRate: number): Promise<Buffer | null> {
  const encoderPath = process.env.BENCH_LAMEJS;
  if (!encoderPath) return null;
  const lame = (await import(pathToFileURL(encoderPath).href)) as {
    Mp3Encoder: new (
      channels: number,
      rate: number,
      kbps: number,
    ) => { encodeBuffer(l: Int16Array, r: Int16Array): Int8Array; flush(): Int8Array };
  };
  const encoder = new lame.Mp3Encoder(2, sampleRate, 320);
  const toInt16 = (data: Float32Array) => Int16Array.from(data, (v) => Math.round(Math.max(-1, Math.min(1, v)) * 32767));
  const [left, right] = channels.map(toInt16);
  const parts: Buffer[] = [];
  for (let i = 0; i < left.length; i += 1152 * 20) {
    parts.push(Buffer.from(encoder.encodeBuffer(left.subarray(i, i + 1152 * 20), right.subarray(i, i + 1152 * 20))));
  }
  parts.push(Buffer.from(encoder.flush()));
  return Buffer.concat(parts);
}

/** Streams a 50 MB file to the local upload route while sampling the server's RSS. */
async function measureUpload(url: string, uploadPath: string, rssMb: () => number, file: string) {
  const before = rssMb();
  let peak = before;
  const sampler = setInterval(() => (peak = Math.max(peak, rssMb())), 10);
  const started = performance.now();
  const status = await new Promise<number>((resolve, reject) => {
    const target = new URL(uploadPath, url);
    const req = request(
      target,
      { method: 'PUT', headers: { 'Content-Length': String(statSync(file).size), 'Content-Type': 'audio/wav' } },
      (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
      },
    );
    req.on('error', reject);
    createReadStream(file).pipe(req);
  });
  clearInterval(sampler);
  return { status, ms: performance.now() - started, beforeMb: before, growthMb: peak - before };
}

async function main() {
  ensureBuild(buildDir);
  const work = mkdtempSync(path.join(tmpdir(), 'studio-bench-samples-'));
  const dataDir = path.join(work, 'data');
  try {
    const { uploadUrl } = await prepareData(dataDir);
    const server = await startServer({ SEED_DEMO: 'false', BUILD_DIR: buildDir }, dataDir);
    try {
      const home = await measureHomePage(server.url);
      console.log(
        `/ with six samples: ${home.players} players ready, ${kb(home.total)} transferred, audio requests ` +
          `${home.audioRequests} (${home.audioBytes} bytes)`,
      );
      console.log('  by type:', home.byType);

      const uploadFile = path.join(work, 'upload.wav');
      const payload = Buffer.alloc(50_000_000);
      encodeWav([new Float32Array(16)], 8000).copy(payload);
      writeFileSync(uploadFile, payload);
      const upload = await measureUpload(server.url, uploadUrl, () => server.rssMb(), uploadFile);
      console.log(
        `50 MB upload: HTTP ${upload.status} in ${upload.ms.toFixed(0)} ms, server RSS ${upload.beforeMb.toFixed(1)} ` +
          `MB before, peak growth ${upload.growthMb.toFixed(1)} MB`,
      );
    } finally {
      await server.stop();
    }

    const channels = fourMinuteStereo();
    const wavFile = path.join(work, 'four-minutes.wav');
    writeFileSync(wavFile, encodeWav(channels, 44_100));
    const wav = await measureAnalysis(wavFile, 'wav');
    console.log(
      `4-min 44.1 kHz stereo WAV (${mb(statSync(wavFile).size)}): ${wav.ms.toFixed(0)} ms, RSS growth ` +
        `${mb(wav.rssGrowth)}, event-loop delay max ${wav.loopMaxMs.toFixed(1)} ms (p99 ${wav.loopP99Ms.toFixed(1)} ` +
        `ms), ${wav.peaks} peaks, ${wav.duration?.toFixed(2)} s`,
    );

    const mp3 = await encodeMp3(channels, 44_100);
    if (mp3) {
      const mp3File = path.join(work, 'four-minutes.mp3');
      writeFileSync(mp3File, mp3);
      const result = await measureAnalysis(mp3File, 'mp3');
      console.log(
        `4-min 320 kbps MP3 (${mb(mp3.length)}): ${result.ms.toFixed(0)} ms, RSS growth ${mb(result.rssGrowth)}, ` +
          `event-loop delay max ${result.loopMaxMs.toFixed(1)} ms (p99 ${result.loopP99Ms.toFixed(1)} ` +
          `ms), ${result.peaks} peaks, ${result.duration?.toFixed(2)} s`,
      );
    } else {
      console.log('320 kbps MP3: skipped (set BENCH_LAMEJS to the path of an installed lamejs module to encode one)');
    }
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

await main();

import { writeFileSync } from 'node:fs';
import { silentFlac } from '#server/test-support/silent-flac.ts';
import { runAnalysisInWorker } from '#server/audio/run-analysis.ts';
const hours = Number(process.argv[2] ?? 8);
const declared = process.argv[3] ? Number(process.argv[3]) : undefined;
const t0 = Date.now();
const file = silentFlac({ seconds: hours * 3600, declaredSeconds: declared });
writeFileSync('/tmp/silent.flac', file);
console.log('size', file.length, 'built in', Date.now() - t0, 'ms');
let peak = 0;
const base = process.memoryUsage.rss();
const timer = setInterval(() => { peak = Math.max(peak, process.memoryUsage.rss()); }, 50);
const c0 = process.cpuUsage();
const t1 = Date.now();
try {
  const r = await runAnalysisInWorker('/tmp/silent.flac', 'flac');
  console.log('result', r.durationSeconds, r.peaks?.length);
} catch (e) { console.log('error', (e as Error).message); }
clearInterval(timer);
const cpu = process.cpuUsage(c0);
console.log('base MB', (base / 1e6).toFixed(0), 'peak MB', (peak / 1e6).toFixed(0), 'wall s', (Date.now() - t1) / 1000, 'cpu s', ((cpu.user + cpu.system) / 1e6).toFixed(1));

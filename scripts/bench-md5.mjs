// `npm run bench:md5`: the uploader's part checksums in Chromium, on a file of BENCH_MD5_MIB MiB
// (default 1024) chosen through a file input as a person would, cut into 5 MiB parts as the uploader
// sends them. Compared in one run, alternating, BENCH_ROUNDS rounds each (default 3, median reported):
// the pure-JavaScript spark-md5 (before) and hash-wasm in WebAssembly (now), each the real
// app/features/uploads/part-digest.ts (now app/features/file-uploader/) of its commit, bundled for the browser.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { chromium } from '@playwright/test';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const mib = Number(process.env.BENCH_MD5_MIB ?? 1024);
const rounds = Number(process.env.BENCH_ROUNDS ?? 3);
const PART = 5 * 1024 * 1024;
const BEFORE = process.env.BENCH_MD5_BEFORE ?? '8d26c98';

const scratch = mkdtempSync(path.join(tmpdir(), 'bench-md5-'));
try {
  // The two implementations, each exposed as window.contentMd5 by a bundle of its own.
  writeFileSync(
    path.join(scratch, 'before.ts'),
    execFileSync('git', ['show', `${BEFORE}:app/features/uploads/part-digest.ts`], { cwd: root }),
  );
  const bundles = {};
  for (const [label, file] of [
    ['spark-md5 (JavaScript, before)', path.join(scratch, 'before.ts')],
    ['hash-wasm (WebAssembly, now)', path.join(root, 'app/features/file-uploader/part-digest.ts')],
  ]) {
    const entry = path.join(scratch, `entry-${Object.keys(bundles).length}.ts`);
    writeFileSync(entry, `import { contentMd5 } from ${JSON.stringify(file)};\n(window as any).contentMd5 = contentMd5;\n`);
    const { outputFiles } = await build({
      entryPoints: [entry],
      bundle: true,
      write: false,
      format: 'iife',
      nodePaths: [path.join(root, 'node_modules')],
    });
    bundles[label] = outputFiles[0].text;
  }

  const file = path.join(scratch, 'master.wav');
  execFileSync('sh', ['-c', `head -c ${mib * 1024 * 1024} /dev/urandom > '${file}'`]);
  const browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update'],
  });
  const times = Object.fromEntries(Object.keys(bundles).map((label) => [label, []]));
  for (let round = 0; round < rounds; round++) {
    for (const [label, code] of Object.entries(bundles)) {
      const page = await browser.newPage();
      await page.setContent('<input type="file" id="file">');
      await page.addScriptTag({ content: code });
      await page.setInputFiles('#file', file);
      const seconds = await page.evaluate(async (part) => {
        const chosen = document.querySelector('#file').files[0];
        const started = performance.now();
        for (let offset = 0; offset < chosen.size; offset += part) await window.contentMd5(chosen.slice(offset, offset + part));
        return (performance.now() - started) / 1000;
      }, PART);
      times[label].push(seconds);
      await page.close();
    }
  }
  const version = browser.version();
  await browser.close();

  const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
  console.log(`Chromium ${version}, ${mib} MiB in ${Math.ceil((mib * 1024 * 1024) / PART)} parts of 5 MiB, median of ${rounds}\n`);
  console.log('| implementation | time for the file | throughput |');
  console.log('|---|---|---|');
  for (const [label, values] of Object.entries(times)) {
    const seconds = median(values);
    console.log(`| ${label} | ${seconds.toFixed(2)} s | ${(mib / seconds).toFixed(0)} MiB/s |`);
  }
} finally {
  rmSync(scratch, { recursive: true, force: true });
}

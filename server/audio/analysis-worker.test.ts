import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { projectRoot } from '#server/paths.ts';
import { runProjectAudioAnalysisInWorker } from './run-analysis.ts';
import { encodeWav } from './wav.ts';

/**
 * The modules a file loads at run time, followed through relative and #alias imports (`import type`
 * is erased; `import { type X }` is kept, as verbatimModuleSyntax keeps it), and the packages named.
 */
function importGraph(entry: string): { files: Set<string>; packages: Set<string> } {
  const files = new Set<string>();
  const packages = new Set<string>();
  const aliases: Record<string, string> = { '#server/': 'server/', '#common/': 'common/', '#app/': 'app/' };
  const visit = (file: string) => {
    if (files.has(file)) return;
    files.add(file);
    const source = readFileSync(file, 'utf8');
    for (const match of source.matchAll(/^\s*(?:import|export)\s+(?!type\s)(?:[^'";]*?\s+from\s+)?['"]([^'"]+)['"]/gm)) {
      const specifier = match[1];
      const alias = Object.keys(aliases).find((prefix) => specifier.startsWith(prefix));
      if (alias) visit(path.join(projectRoot, aliases[alias], specifier.slice(alias.length)));
      else if (specifier.startsWith('.')) visit(path.resolve(path.dirname(file), specifier));
      else packages.add(specifier);
    }
    for (const match of source.matchAll(/await import\(['"]([^'"]+)['"]\)/g)) visit(path.resolve(path.dirname(file), match[1]));
  };
  visit(path.join(projectRoot, entry));
  return { files, packages };
}

describe('the analysis worker', () => {
  it('loads nothing of the database: the thread decodes files and holds no database handle', () => {
    const { files, packages } = importGraph('server/audio/analysis-worker.ts');
    const relative = [...files].map((file) => path.relative(projectRoot, file));
    expect(relative).toContain('server/audio/file-facts.ts');
    expect(relative.filter((file) => file.startsWith('server/db/'))).toEqual([]);
    expect([...packages].filter((name) => /sqlite|kysely|^pg$/.test(name))).toEqual([]);
  });

  describe('runProjectAudioAnalysisInWorker', () => {
    const folder = mkdtempSync(path.join(tmpdir(), 'studio-worker-'));
    afterAll(() => rmSync(folder, { recursive: true, force: true }));

    it('measures a file in a worker thread, and answers null for one that is not audio', async () => {
      const tone = Float32Array.from({ length: 48_000 * 3 }, (_, index) => 0.5 * Math.sin((2 * Math.PI * 1000 * index) / 48_000));
      const wav = path.join(folder, 'tone.wav');
      writeFileSync(wav, encodeWav([tone, tone], 48_000, { bitDepth: 24 }));
      const text = path.join(folder, 'notes.txt');
      writeFileSync(text, 'not audio at all');

      const measured = await runProjectAudioAnalysisInWorker(wav);
      expect(measured).toMatchObject({ format: 'wav', sampleRate: 48_000, bitDepth: 24, channels: 2, durationSeconds: 3 });
      expect(measured?.peakDbfs).toBeCloseTo(-6.02, 1);
      expect(measured?.peaks).toHaveLength(1000);
      expect(await runProjectAudioAnalysisInWorker(text)).toBeNull();
      await expect(runProjectAudioAnalysisInWorker(path.join(folder, 'missing.wav'))).rejects.toThrow(/ENOENT/);
    });

    it("writes a version's listening copy from the same decode, telling the share decoded as it goes", async () => {
      const seconds = 30;
      const tone = Float32Array.from({ length: 48_000 * seconds }, (_, index) => 0.3 * Math.sin((2 * Math.PI * 440 * index) / 48_000));
      const wav = path.join(folder, 'long.wav');
      writeFileSync(wav, encodeWav([tone, tone], 48_000));
      const copyPath = path.join(folder, 'long.mp3');
      const told: number[] = [];
      const measured = await runProjectAudioAnalysisInWorker(wav, {
        path: copyPath,
        bitrateKbps: 320,
        onProgress: (share) => told.push(share),
      });
      expect(measured?.durationSeconds).toBe(seconds);
      expect(measured?.streamingCopy).toMatchObject({ bitrateKbps: 320, sampleRate: 48_000, channels: 2 });
      expect(readFileSync(copyPath).length).toBe(measured?.streamingCopy?.bytes);
      // Several steps, each further on, the last at the end.
      expect(told.length).toBeGreaterThan(1);
      expect(told).toEqual([...told].sort((a, b) => a - b));
      expect(told.at(-1)).toBeCloseTo(1, 2);
    });
  });
});

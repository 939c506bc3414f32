import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

// No import circle in the code that ships (tests aside): a circle makes load order matter and two
// modules one. Read from the import strings, through the alias map, type imports included.
const ALIASES: Record<string, string> = { '#app/': 'app/', '#server/': 'server/', '#common/': 'common/' };
const IMPORT = /(?:import|export)\s+(?:type\s+)?(?:[^'";]*?\sfrom\s+)?['"]([^'"]+)['"]/g;

function productionFiles(): string[] {
  const listed = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard', 'app', 'server', 'common'], {
    encoding: 'utf8',
  });
  return listed.split('\n').filter((file) => /\.(ts|tsx)$/.test(file) && !/\.test\.tsx?$/.test(file) && existsSync(file));
}

function importsOf(file: string, known: Set<string>): string[] {
  const found: string[] = [];
  for (const [, spec] of readFileSync(file, 'utf8').matchAll(IMPORT)) {
    const alias = Object.keys(ALIASES).find((prefix) => spec!.startsWith(prefix));
    const target = alias ? ALIASES[alias] + spec!.slice(alias.length) : spec!.startsWith('.') ? path.join(path.dirname(file), spec!) : null;
    if (!target) continue;
    const resolved = [target, `${target}.ts`, `${target}.tsx`].find((candidate) => known.has(candidate));
    if (resolved) found.push(resolved);
  }
  return found;
}

/** Strongly connected groups of more than one file (Tarjan), each a circle. */
function circles(graph: Map<string, string[]>): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const visit = (file: string) => {
    index.set(file, index.size);
    low.set(file, index.get(file)!);
    stack.push(file);
    onStack.add(file);
    for (const next of graph.get(file) ?? []) {
      if (!index.has(next)) {
        visit(next);
        low.set(file, Math.min(low.get(file)!, low.get(next)!));
      } else if (onStack.has(next)) low.set(file, Math.min(low.get(file)!, index.get(next)!));
    }
    if (low.get(file) !== index.get(file)) return;
    const group: string[] = [];
    let member: string;
    do {
      member = stack.pop()!;
      onStack.delete(member);
      group.push(member);
    } while (member !== file);
    if (group.length > 1) found.push(group.sort());
  };
  for (const file of graph.keys()) if (!index.has(file)) visit(file);
  return found;
}

describe('imports', () => {
  it('make no circle', () => {
    const files = productionFiles();
    const known = new Set(files);
    const graph = new Map(files.map((file) => [file, importsOf(file, known)]));
    expect(circles(graph)).toEqual([]);
  });
});

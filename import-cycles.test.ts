import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

// No import circle in the code that ships (tests aside): a circle makes load order matter and two
// modules one. Read from the import strings, through the alias map, type imports and dynamic
// `import('…')` included: a lazy import still ties the two modules into one.
const ALIASES: Record<string, string> = { '#app/': 'app/', '#server/': 'server/', '#common/': 'common/' };
const STATIC_IMPORT = /(?:import|export)\s+(?:type\s+)?(?:[^'";]*?\sfrom\s+)?['"]([^'"]+)['"]/g;
const DYNAMIC_IMPORT = /\bimport\s*\(\s*['"`]([^'"`]+)['"`]\s*\)/g;

function productionFiles(): string[] {
  const listed = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard', 'app', 'server', 'common'], {
    encoding: 'utf8',
  });
  return listed.split('\n').filter((file) => /\.(ts|tsx)$/.test(file) && !/\.test\.tsx?$/.test(file) && existsSync(file));
}

/** The files of `known` that `text` (the source of `file`) imports, statically or dynamically. */
function importsOf(file: string, text: string, known: Set<string>): string[] {
  const found: string[] = [];
  const specs = [...text.matchAll(STATIC_IMPORT), ...text.matchAll(DYNAMIC_IMPORT)].map(([, spec]) => spec);
  for (const spec of specs) {
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

/** The circles among `sources` (path to source text). */
function circlesIn(sources: Map<string, string>): string[][] {
  const known = new Set(sources.keys());
  return circles(new Map([...sources].map(([file, text]) => [file, importsOf(file, text, known)])));
}

describe('imports', () => {
  it('make no circle', () => {
    const files = productionFiles();
    expect(circlesIn(new Map(files.map((file) => [file, readFileSync(file, 'utf8')])))).toEqual([]);
  });

  // The reader is only worth having if it sees a circle: planted ones, one per way of importing.
  it.each([
    ['a static import', "import { b } from './b.tsx';"],
    ['a type import', "import type { B } from '#app/features/x/b.tsx';"],
    ['a re-export', "export { b } from './b';"],
    ['a dynamic import', "const B = lazy(() => import('./b.tsx'));"],
    ['a dynamic import through the alias', "const load = () => import(\n  '#app/features/x/b.tsx'\n).then((m) => m.B);"],
  ])('finds a circle closed by %s', (_way, line) => {
    const planted = new Map([
      ['app/features/x/a.tsx', `${line}\nexport const a = 1;\n`],
      ['app/features/x/b.tsx', "import { a } from './a.tsx';\nexport const b = a;\n"],
      ['app/features/x/c.tsx', "import { b } from './b.tsx';\n"],
    ]);
    expect(circlesIn(planted)).toEqual([['app/features/x/a.tsx', 'app/features/x/b.tsx']]);
  });

  it('finds no circle where the imports go one way', () => {
    const planted = new Map([
      ['app/features/x/a.tsx', "const B = lazy(() => import('./b.tsx'));\n"],
      ['app/features/x/b.tsx', "import type { Props } from './props.ts';\n"],
      ['app/features/x/props.ts', 'export interface Props {}\n'],
    ]);
    expect(circlesIn(planted)).toEqual([]);
  });
});

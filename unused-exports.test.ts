import { describe, expect, it } from 'vitest';
import { repositorySources, unusedExports } from './scripts/unused-exports.ts';

// No dead export: a name exported from app/, server/ or common/ that no file imports and its own file
// does not read is code nobody runs (the finder: scripts/unused-exports.ts). An export that is only
// read in its own file is allowed: it documents a module's shapes (outcome unions, props, limits).

/** Exports that are named nowhere on purpose. Each says why; remove a line when its reason goes. */
// Names kept exported though nothing imports them, each with its reason. Empty since the schema's row
// types are re-exported whole from server/db/schema.ts (its table groups under server/db/schema/).
const ALLOWED_DEAD: { file: RegExp; name: string }[] = [];

const allowed = (dead: { file: string; name: string }) =>
  ALLOWED_DEAD.some((allow) => allow.name === dead.name && allow.file.test(dead.file));

describe('exports', () => {
  it('are each imported somewhere, or read in their own file', () => {
    const dead = unusedExports(repositorySources()).filter((unused) => !unused.usedLocally);
    expect(dead.filter((entry) => !allowed(entry)).map(({ file, name }) => `${file}: ${name}`)).toEqual([]);
    // An allowance that matches nothing dead any more is a stale line: remove it.
    const stale = ALLOWED_DEAD.filter((allow) => !dead.some((entry) => allow.name === entry.name && allow.file.test(entry.file)));
    expect(stale.map(({ name }) => name)).toEqual([]);
    // Parsing every file takes a second or two alone; the whole suite on two cores may make it ten.
  }, 60_000);

  // The finder is only worth having if it sees every way a name is taken: planted modules.
  const planted = new Map([
    ['common/limits.ts', 'export const USED = 1;\nexport const DEAD = 2;\nexport const LOCAL = 3;\nexport const twice = LOCAL * 2;\n'],
    ['common/shapes.ts', 'export interface Shape { a: number }\nexport type Unread = string;\n'],
    ['common/all.ts', 'export const a = 1;\nexport const b = 2;\n'],
    ['common/through.ts', "export { USED as RENAMED, USED as NEVER } from './limits.ts';\nexport * from './all.ts';\n"],
    ['app/features/x/lazy-panel.tsx', 'export default function Panel() { return null; }\nexport const helper = 1;\n'],
    ['app/features/x/island.tsx', 'export function Island() { return null; }\nexport function Other() { return null; }\n'],
    ['app/features/x/spaced.ts', 'export const read = 1;\nexport const unread = 2;\n'],
    ['app/features/x/typed.ts', 'export interface Loaded { x: number }\nexport const v = 1;\n'],
    [
      'app/features/x/uses.tsx',
      [
        "import { USED } from '#common/limits.ts';",
        "import type { Shape } from '#common/shapes.ts';",
        "import { RENAMED, a } from '#common/through.ts';",
        "import * as spaced from './spaced.ts';",
        "const Panel = lazy(() => import('./lazy-panel.tsx'));",
        "const load = () => import('#app/features/x/island.tsx').then((m) => m.Island);",
        "type T = import('./typed.ts').Loaded;",
        'export const all = [USED, RENAMED, a, spaced.read, Panel, load] as unknown as Shape & T;',
      ].join('\n'),
    ],
    [
      'app/routes/page.tsx',
      'export async function loader() {}\nexport function meta() {}\nexport default function Page() {}\nexport const extra = 1;\n',
    ],
    ['app/features/x/uses.test.tsx', "import { all } from './uses.tsx';\n"],
  ]);

  it('reports what nothing takes, and only that', () => {
    expect(unusedExports(planted, new Set(['app/routes/page.tsx']))).toEqual([
      { file: 'app/features/x/island.tsx', name: 'Other', usedLocally: false },
      { file: 'app/features/x/lazy-panel.tsx', name: 'helper', usedLocally: false },
      { file: 'app/features/x/spaced.ts', name: 'unread', usedLocally: false },
      { file: 'app/features/x/typed.ts', name: 'v', usedLocally: false },
      { file: 'app/routes/page.tsx', name: 'extra', usedLocally: false },
      { file: 'common/limits.ts', name: 'DEAD', usedLocally: false },
      { file: 'common/limits.ts', name: 'LOCAL', usedLocally: true },
      { file: 'common/limits.ts', name: 'twice', usedLocally: false },
      { file: 'common/shapes.ts', name: 'Unread', usedLocally: false },
      { file: 'common/through.ts', name: 'NEVER', usedLocally: false },
    ]);
  });

  it('counts every name of a module taken whole (a namespace passed on, a dynamic import it cannot read)', () => {
    const whole = new Map([
      ['common/limits.ts', 'export const A = 1;\nexport const B = 2;\n'],
      ['common/more.ts', 'export const C = 1;\n'],
      [
        'server/use.ts',
        "import * as limits from '#common/limits.ts';\nconsole.log(limits);\nexport const m = import('#common/more.ts');\n",
      ],
      ['server/use.test.ts', "import { m } from './use.ts';\n"],
    ]);
    expect(unusedExports(whole, new Set())).toEqual([]);
  });
});

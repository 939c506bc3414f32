import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

// The house keeps production files under 300 lines and functions under 150 (../shared/DESIGN.md):
// past that a reader can no longer hold the part in mind, and the next change lands in the biggest
// file because it is already there. Read with the TypeScript parser, so a function is what the
// language calls one (declarations, expressions, arrows, methods, accessors), nested ones counted
// inside their parent too, as ESLint's max-lines-per-function does.
const MAX_FILE_LINES = 300;
const MAX_FUNCTION_LINES = 150;

/** What ships: app/, server/ and common/, less tests and the code only tests load. */
function productionFiles(): string[] {
  const listed = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard', 'app', 'server', 'common'], {
    encoding: 'utf8',
  });
  return listed
    .split('\n')
    .filter((file) => /\.(ts|tsx)$/.test(file) && !/\.test\.tsx?$/.test(file) && !file.startsWith('server/test-support/'))
    .filter((file) => existsSync(file));
}

interface Oversize {
  file: string;
  name: string;
  lines: number;
}

function functionName(node: ts.Node): string {
  if ((ts.isFunctionDeclaration(node) || ts.isMethodDeclaration(node) || ts.isAccessor(node)) && node.name) return node.name.getText();
  if (ts.isConstructorDeclaration(node)) return 'constructor';
  const parent = node.parent;
  if (ts.isVariableDeclaration(parent) || ts.isPropertyAssignment(parent) || ts.isPropertyDeclaration(parent)) return parent.name.getText();
  if (ts.isCallExpression(parent)) return `(argument of ${parent.expression.getText().slice(0, 40)})`;
  return '(anonymous)';
}

/** Functions in one source text longer than the limit, with their line counts. */
function longFunctions(file: string, text: string, limit = MAX_FUNCTION_LINES): Oversize[] {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, file.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
  const found: Oversize[] = [];
  const visit = (node: ts.Node) => {
    if (ts.isFunctionLike(node) && 'body' in node && node.body) {
      const first = source.getLineAndCharacterOfPosition(node.getStart(source)).line;
      const last = source.getLineAndCharacterOfPosition(node.getEnd()).line;
      const lines = last - first + 1;
      if (lines > limit) found.push({ file, name: functionName(node), lines });
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

function lineCount(text: string): number {
  return text.endsWith('\n') ? text.split('\n').length - 1 : text.split('\n').length;
}

describe('production code size', () => {
  const files = productionFiles();

  it(`keeps every file under ${MAX_FILE_LINES} lines`, () => {
    const long = files
      .map((file) => ({ file, lines: lineCount(readFileSync(file, 'utf8')) }))
      .filter(({ lines }) => lines > MAX_FILE_LINES);
    expect(long).toEqual([]);
  });

  it(`keeps every function under ${MAX_FUNCTION_LINES} lines`, () => {
    expect(files.flatMap((file) => longFunctions(file, readFileSync(file, 'utf8')))).toEqual([]);
  });

  it('counts a long function wherever it sits, nested or not', () => {
    const body = (lines: number) => Array.from({ length: lines }, (_, index) => `  const v${index} = ${index};`).join('\n');
    const planted = [
      `export function Long() {\n${body(149)}\n}`,
      `const arrow = () => {\n${body(150)}\n};`,
      `class Store {\n  method() {\n${body(150)}\n  }\n}`,
      `call(() => {\n${body(10)}\n});`,
    ].join('\n');
    expect(longFunctions('planted.tsx', planted).map(({ name, lines }) => [name, lines])).toEqual([
      ['Long', 151],
      ['arrow', 152],
      ['method', 152],
    ]);
    expect(lineCount('a\nb\n')).toBe(2);
  });
});

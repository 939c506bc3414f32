import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

/*
 * Exports that no other file imports: dead code, or an `export` that only widens a module's surface.
 * Read from the syntax alone (no type checker, so the whole tree takes a second): every import,
 * re-export, `import('…')` and `import('…')` type of the code, its tests, the scripts and the config
 * files, resolved through the alias map like import-cycles.test.ts. Where a file takes a whole module
 * (`import * as`, `export *`, a dynamic import whose use is not read here) every export of it counts
 * as used: the finder may miss a dead export, never report a live one.
 *
 *   npx tsx scripts/unused-exports.ts     # prints `file: name (used in its own file | named nowhere)`
 */

const ALIASES: Record<string, string> = { '#app/': 'app/', '#server/': 'server/', '#common/': 'common/' };
const SOURCE = /\.(ts|tsx|mts|mjs|js)$/;
/** Where the exports are judged; tests, scripts and config files only count as importers. */
const JUDGED = /^(app|server|common)\//;
const IS_TEST = /\.test\.tsx?$|^server\/test-support\//;
/** Module names React Router reads from a route module, the root and the entries: used by the framework. */
export const FRAMEWORK_EXPORTS = new Set([
  'default',
  'loader',
  'action',
  'clientLoader',
  'clientAction',
  'meta',
  'links',
  'headers',
  'handle',
  'ErrorBoundary',
  'HydrateFallback',
  'Layout',
  'shouldRevalidate',
  'middleware',
  'clientMiddleware',
  'streamTimeout',
  'handleError',
  'handleDataRequest',
]);

export interface UnusedExport {
  file: string;
  name: string;
  /** The name is still read in its own file: drop `export`, keep the code. */
  usedLocally: boolean;
}

/** Everything one file takes from others: target file to the names it takes, or '*' for all of them. */
type Takes = Map<string, Set<string>>;

function resolveSpecifier(from: string, spec: string, known: Set<string>): string | null {
  const alias = Object.keys(ALIASES).find((prefix) => spec.startsWith(prefix));
  const target = alias ? ALIASES[alias] + spec.slice(alias.length) : spec.startsWith('.') ? path.join(path.dirname(from), spec) : null;
  if (!target) return null;
  const bare = target.replace(/\.(m?js)$/, '');
  return (
    [target, `${target}.ts`, `${target}.tsx`, `${bare}.ts`, `${bare}.mts`, `${bare}.d.mts`].find((candidate) => known.has(candidate)) ??
    null
  );
}

/** The names read off a dynamic import's module value: `.then((m) => m.X)`, `const { X } = await import()`, `lazy()`. */
function dynamicNames(call: ts.CallExpression): Set<string> | '*' {
  let node: ts.Node = call;
  while (ts.isParenthesizedExpression(node.parent) || ts.isAwaitExpression(node.parent)) node = node.parent;
  const parent = node.parent;
  if (ts.isVariableDeclaration(parent) && ts.isObjectBindingPattern(parent.name)) {
    const names = parent.name.elements.map((element) => (element.propertyName ?? element.name).getText());
    return new Set(names);
  }
  if (ts.isPropertyAccessExpression(parent) && parent.name.text === 'then' && ts.isCallExpression(parent.parent)) {
    const callback = parent.parent.arguments[0];
    if (callback && (ts.isArrowFunction(callback) || ts.isFunctionExpression(callback))) {
      const param = callback.parameters[0]?.name;
      if (param && ts.isObjectBindingPattern(param)) return new Set(param.elements.map((e) => (e.propertyName ?? e.name).getText()));
      if (param && ts.isIdentifier(param)) return propertiesRead(callback.body, param.text);
    }
  }
  // lazy(() => import('./x.tsx')): React takes the module's default export.
  if (ts.isArrowFunction(parent) && ts.isCallExpression(parent.parent) && parent.parent.expression.getText() === 'lazy') {
    return new Set(['default']);
  }
  return '*';
}

/** `name.X` reads inside `body`; '*' when `name` is used any other way (passed on whole). */
function propertiesRead(body: ts.Node, name: string): Set<string> | '*' {
  const read = new Set<string>();
  let whole = false;
  const visit = (node: ts.Node) => {
    if (ts.isIdentifier(node) && node.text === name) {
      if (ts.isPropertyAccessExpression(node.parent) && node.parent.expression === node) read.add(node.parent.name.text);
      else if (!(ts.isParameter(node.parent) || ts.isBindingElement(node.parent) || ts.isNamespaceImport(node.parent))) whole = true;
    }
    ts.forEachChild(node, visit);
  };
  visit(body);
  return whole ? '*' : read;
}

function takesOf(file: string, source: ts.SourceFile, known: Set<string>): Takes {
  const takes: Takes = new Map();
  const take = (spec: string, names: Iterable<string> | '*') => {
    const target = resolveSpecifier(file, spec, known);
    if (!target) return;
    const set = takes.get(target) ?? new Set<string>();
    for (const name of names === '*' ? ['*'] : names) set.add(name);
    takes.set(target, set);
  };
  const visit = (node: ts.Node) => {
    if (ts.isImportDeclaration(node) && ts.isStringLiteral(node.moduleSpecifier)) {
      const clause = node.importClause;
      const names: string[] = [];
      if (clause?.name) names.push('default');
      const bindings = clause?.namedBindings;
      if (bindings && ts.isNamespaceImport(bindings)) {
        const read = propertiesRead(source, bindings.name.text);
        take(node.moduleSpecifier.text, read);
      } else if (bindings) for (const spec of bindings.elements) names.push((spec.propertyName ?? spec.name).text);
      take(node.moduleSpecifier.text, names);
    } else if (ts.isExportDeclaration(node) && node.moduleSpecifier && ts.isStringLiteral(node.moduleSpecifier)) {
      const clause = node.exportClause;
      if (!clause || ts.isNamespaceExport(clause)) take(node.moduleSpecifier.text, '*');
      else
        take(
          node.moduleSpecifier.text,
          clause.elements.map((spec) => (spec.propertyName ?? spec.name).text),
        );
    } else if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword) {
      const [spec] = node.arguments;
      if (spec && ts.isStringLiteralLike(spec)) take(spec.text, dynamicNames(node));
    } else if (ts.isImportTypeNode(node) && ts.isLiteralTypeNode(node.argument) && ts.isStringLiteral(node.argument.literal)) {
      take(node.argument.literal.text, node.qualifier ? [node.qualifier.getText().split('.')[0]!] : '*');
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return takes;
}

/** The names `source` exports (re-exports by name too), each with the identifier declaring it (null when elsewhere). */
function exportsOf(source: ts.SourceFile): Map<string, ts.Node | null> {
  const found = new Map<string, ts.Node | null>();
  const exported = (node: ts.Node) =>
    ts.canHaveModifiers(node) && (ts.getModifiers(node) ?? []).some((m) => m.kind === ts.SyntaxKind.ExportKeyword);
  const isDefault = (node: ts.Node) =>
    ts.canHaveModifiers(node) && (ts.getModifiers(node) ?? []).some((m) => m.kind === ts.SyntaxKind.DefaultKeyword);
  for (const statement of source.statements) {
    if (ts.isVariableStatement(statement) && exported(statement)) {
      for (const declaration of statement.declarationList.declarations) {
        if (ts.isIdentifier(declaration.name)) found.set(declaration.name.text, declaration.name);
      }
    } else if (
      (ts.isFunctionDeclaration(statement) ||
        ts.isClassDeclaration(statement) ||
        ts.isInterfaceDeclaration(statement) ||
        ts.isTypeAliasDeclaration(statement) ||
        ts.isEnumDeclaration(statement)) &&
      exported(statement)
    ) {
      if (isDefault(statement)) found.set('default', statement.name ?? null);
      else if (statement.name) found.set(statement.name.text, statement.name);
    } else if (ts.isExportAssignment(statement)) found.set('default', null);
    else if (ts.isExportDeclaration(statement) && statement.exportClause && ts.isNamedExports(statement.exportClause)) {
      for (const spec of statement.exportClause.elements) found.set(spec.name.text, null);
    }
  }
  return found;
}

/** Every identifier of `source` by its text, but those naming an export (`export { a }`): one walk per file. */
function identifiersOf(source: ts.SourceFile): Map<string, ts.Node[]> {
  const found = new Map<string, ts.Node[]>();
  const visit = (node: ts.Node) => {
    if (ts.isIdentifier(node) && !ts.isExportSpecifier(node.parent)) {
      const list = found.get(node.text) ?? [];
      list.push(node);
      found.set(node.text, list);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

/** Route modules, the root and the entries: every file under app/routes/, and every file app/routes.ts names. */
function frameworkModules(files: Set<string>): Set<string> {
  const modules = new Set(['app/root.tsx', 'app/entry.server.tsx', 'app/entry.client.tsx', 'app/routes.ts']);
  for (const file of files) if (file.startsWith('app/routes/')) modules.add(file);
  if (existsSync('app/routes.ts')) {
    for (const [, named] of readFileSync('app/routes.ts', 'utf8').matchAll(/['"]([^'"]+\.tsx?)['"]/g))
      modules.add(path.join('app', named!));
  }
  return modules;
}

/** Every unused export of `sources` (file path to text), judged against all the others. */
export function unusedExports(
  sources: Map<string, string>,
  framework: Set<string> = frameworkModules(new Set(sources.keys())),
): UnusedExport[] {
  const known = new Set(sources.keys());
  const parsed = new Map(
    [...sources].map(([file, text]) => [file, ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, scriptKind(file))] as const),
  );
  const taken = new Map<string, Set<string>>();
  for (const [file, source] of parsed) {
    for (const [target, names] of takesOf(file, source, known)) {
      if (target === file) continue;
      const set = taken.get(target) ?? new Set<string>();
      for (const name of names) set.add(name);
      taken.set(target, set);
    }
  }
  const unused: UnusedExport[] = [];
  for (const [file, source] of parsed) {
    if (!JUDGED.test(file) || IS_TEST.test(file)) continue;
    const names = taken.get(file) ?? new Set();
    if (names.has('*')) continue;
    const exported = [...exportsOf(source)].filter(([name]) => !names.has(name) && !(framework.has(file) && FRAMEWORK_EXPORTS.has(name)));
    if (exported.length === 0) continue;
    const identifiers = identifiersOf(source);
    for (const [name, declaration] of exported) {
      const readHere = name !== 'default' && (identifiers.get(name) ?? []).some((node) => node !== declaration);
      unused.push({ file, name, usedLocally: readHere });
    }
  }
  return unused.sort((a, b) => a.file.localeCompare(b.file) || a.name.localeCompare(b.name));
}

function scriptKind(file: string): ts.ScriptKind {
  if (file.endsWith('.tsx')) return ts.ScriptKind.TSX;
  return /\.m?js$/.test(file) ? ts.ScriptKind.JS : ts.ScriptKind.TS;
}

/** The repository's files (tracked and new, not ignored) that can import or be imported. */
export function repositorySources(): Map<string, string> {
  const listed = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard'], { encoding: 'utf8' });
  const files = listed.split('\n').filter((file) => SOURCE.test(file) && !file.startsWith('public/') && existsSync(file));
  return new Map(files.map((file) => [file, readFileSync(file, 'utf8')]));
}

if (import.meta.url === `file://${process.argv[1]}`) {
  for (const { file, name, usedLocally } of unusedExports(repositorySources())) {
    console.log(`${file}: ${name} (${usedLocally ? 'used in its own file' : 'named nowhere'})`);
  }
}

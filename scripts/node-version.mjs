// The Node versions the site runs on, from package.json `engines.node` (the one place they are
// written), and the check every entry point makes before it loads anything else: scripts/start.mjs,
// scripts/operator-cli.mjs and build/server-main.js (scripts/server-entry.mjs). Plain JavaScript that
// an old Node parses, so it can tell a person which Node they need instead of failing later on a
// missing feature (Node 20 has no node:sqlite, which read as "the database cannot be opened").
import { readFileSync } from 'node:fs';

/** package.json of the project: this file sits one level below it, in scripts/ or bundled into build/. */
export function readPackageJson() {
  return JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8'));
}

const parseVersion = (text) => {
  const match = /^v?(\d+)(?:\.(\d+|x|\*))?(?:\.(\d+|x|\*))?$/.exec(text.trim());
  if (!match) throw new Error(`not a version: "${text}"`);
  return [match[1], match[2], match[3]].map((part) => (part === undefined || part === 'x' || part === '*' ? null : Number(part)));
};

const compare = (a, b) => {
  for (let i = 0; i < 3; i += 1) if ((a[i] ?? 0) !== (b[i] ?? 0)) return (a[i] ?? 0) < (b[i] ?? 0) ? -1 : 1;
  return 0;
};

/**
 * One comparator of a range (`^22.22.0`, `>=24`, `<25`, `22.x`, `~22.1`) as a test on a version.
 * Only what engines fields use; a form it does not know is an error, never a silent pass.
 */
function comparator(text) {
  const [, op = '', rest] = /^(\^|~|>=|<=|>|<|=)?\s*(.+)$/.exec(text);
  const bound = parseVersion(rest);
  const [major, minor] = bound;
  const test = {
    '^': (v) => v[0] === major && compare(v, bound) >= 0,
    '~': (v) => v[0] === major && (minor === null || v[1] === minor) && compare(v, bound) >= 0,
    '>=': (v) => compare(v, bound) >= 0,
    '>': (v) => compare(v, bound) > 0,
    '<=': (v) => compare(v, bound) <= 0,
    '<': (v) => compare(v, bound) < 0,
    '': (v) => bound.every((part, i) => part === null || v[i] === part),
    '=': (v) => bound.every((part, i) => part === null || v[i] === part),
  }[op];
  return { op, bound, test };
}

/** `^22.22.0 || >=24`: alternatives (`||`), each a list of comparators that must all hold. */
function parseRange(range) {
  return range.split('||').map((alternative) => {
    const parts = alternative.trim().split(/\s+/).filter(Boolean);
    if (parts.length === 0) throw new Error(`empty alternative in "${range}"`);
    return parts.map(comparator);
  });
}

export function satisfies(version, range) {
  const v = parseVersion(version).map((part) => part ?? 0);
  return parseRange(range).some((alternative) => alternative.every(({ test }) => test(v)));
}

/** A bound without its trailing zeros: 22.22.0 is `22.22`, 24.0.0 is `24`. */
function short(bound) {
  const parts = bound.map((part) => part ?? 0);
  while (parts.length > 1 && parts.at(-1) === 0) parts.pop();
  return parts.join('.');
}

/**
 * `^22.22.0 || >=24` as a person reads it: `22.22+ or 24`. A lower bound inside a major line is
 * marked `+`; a whole major needs no mark (`>=24` reads "24", newer ones being implied).
 */
export function describeRange(range) {
  const lowerBound = (bound) => (short(bound) === String(bound[0]) ? short(bound) : `${short(bound)}+`);
  return parseRange(range)
    .map((alternative) =>
      alternative.map(({ op, bound }) => (['^', '~', '>='].includes(op) ? lowerBound(bound) : `${op}${short(bound)}`)).join(' '),
    )
    .join(' or ');
}

/** The one line a person sees on an unsupported Node, or null on a supported one. */
export function nodeVersionProblem(version = process.versions.node, range = readPackageJson().engines.node) {
  if (satisfies(version, range)) return null;
  const [major, minor] = parseVersion(version);
  return `needs Node ${describeRange(range)} (found ${major}.${minor ?? 0})`;
}

/** Prints the problem on stderr and exits 1 on an unsupported Node; returns on a supported one. */
export function exitUnlessSupportedNode() {
  const problem = nodeVersionProblem();
  if (!problem) return;
  process.stderr.write(`${problem}\n`);
  process.exit(1);
}

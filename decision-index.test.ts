import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

// The decision index is how a reader finds a record: every `docs/decisions/NNN-*.md` has its row,
// each row's number is its record's, and every link in the index page leads to a file. Read from
// whatever records exist, so a new one only needs its row.
const DECISIONS = 'docs/decisions';
const RECORD = /^\d{3}-[\w-]+\.md$/;
const ROW = /^\|\s*(\d{3})\s*\|\s*\[[^\]]*\]\((\d{3}-[\w-]+\.md)\)/;
const LINK = /\]\(([^)\s#]+)(?:#[^)]*)?\)/g;

/** What is wrong with `index` (the README's text) for these record file names; nothing when complete. */
function indexProblems(records: string[], index: string, exists: (name: string) => boolean): string[] {
  const rows = index.split('\n').flatMap((line) => {
    const row = ROW.exec(line);
    return row ? [{ number: row[1]!, file: row[2]! }] : [];
  });
  const indexed = new Set(rows.map((row) => row.file));
  const problems = records.filter((record) => !indexed.has(record)).map((record) => `no row for ${record}`);
  for (const row of rows) if (!row.file.startsWith(`${row.number}-`)) problems.push(`row ${row.number} links ${row.file}`);
  const seen = new Set<string>();
  for (const row of rows) {
    if (seen.has(row.file)) problems.push(`two rows for ${row.file}`);
    seen.add(row.file);
  }
  // A link shown as code (the README's `Superseded by [NNN](NNN-title.md)` example) is not a link.
  for (const [, target] of index.replace(/`[^`\n]*`/g, '').matchAll(LINK)) {
    if (!/^[a-z]+:/i.test(target!) && !exists(target!)) problems.push(`link to nothing: ${target}`);
  }
  return problems;
}

describe('decision index (docs/decisions/README.md)', () => {
  it('has a row for every record, and every link leads to a file', () => {
    const records = readdirSync(DECISIONS).filter((name) => RECORD.test(name));
    expect(records).toContain('001-one-node-process.md');
    const index = readFileSync(path.join(DECISIONS, 'README.md'), 'utf8');
    expect(indexProblems(records, index, (target) => existsSync(path.join(DECISIONS, target)))).toEqual([]);
  });

  // The check is only worth having if it fails: a planted index against planted records.
  const records = ['001-one.md', '002-two.md', '003-three.md'];
  const row = (number: string, file: string, status = 'Accepted') => `| ${number} | [Title](${file}) | ${status} |`;
  const exists = (target: string) => records.includes(target);
  const header = '| #   | Title | Status |\n| --- | ----- | ------ |';

  it('passes a complete index', () => {
    const index = [
      header,
      row('001', '001-one.md'),
      row('002', '002-two.md', 'Superseded by [003](003-three.md)'),
      row('003', '003-three.md'),
    ];
    expect(indexProblems(records, index.join('\n'), exists)).toEqual([]);
  });

  it.each([
    ['a record without its row', [row('001', '001-one.md'), row('003', '003-three.md')], 'no row for 002-two.md'],
    [
      'a row whose link leads to nothing',
      [...records.map((file) => row(file.slice(0, 3), file)), row('004', '004-four.md')],
      'link to nothing: 004-four.md',
    ],
    [
      'a row numbered for another record',
      [row('001', '001-one.md'), row('003', '002-two.md'), row('003', '003-three.md')],
      'row 003 links 002-two.md',
    ],
    ['a record listed twice', [...records.map((file) => row(file.slice(0, 3), file)), row('002', '002-two.md')], 'two rows for 002-two.md'],
    [
      'a status linking a record that does not exist',
      [row('001', '001-one.md', 'Superseded by [009](009-nine.md)'), row('002', '002-two.md'), row('003', '003-three.md')],
      'link to nothing: 009-nine.md',
    ],
  ])('reports %s', (_what, rows, problem) => {
    expect(indexProblems(records, [header, ...rows].join('\n'), exists)).toEqual([problem]);
  });
});

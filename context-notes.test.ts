import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

// A folder's CONTEXT.md is its map, and a walk-through (docs/walkthrough-*.md) a route through the
// code: every file they name must exist, or they send the next reader to a file that moved. Names are
// read where the notes write them: in backticks, relative to the note's folder, the repository, a
// folder the same line names ("`review/` … `tracks.ts`") or the folder of a path named on an earlier
// line (`server/booking/book-slot.ts`, later `book-slot.ts`); and in Markdown links, relative to the
// note, as Markdown reads them.

/** A backticked word that names a file (with an extension) or a folder (a trailing slash). */
const PATH_NAME = /^[\w.-]+(?:\/[\w.-]+)*(?:\.(?:ts|tsx|mts|mjs|js|json|md|css|sql|yaml|yml)|\/)$/;
const BACKTICKED = /`([^`\n]+)`/g;
const LINK = /\]\(([^)\s#]+)(?:#[^)]*)?\)/g;

function contextNotes(): string[] {
  const listed = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard'], { encoding: 'utf8' });
  const isNote = (file: string) => path.basename(file) === 'CONTEXT.md' || /^docs\/walkthrough-[\w-]+\.md$/.test(file);
  return listed.split('\n').filter((file) => isNote(file) && existsSync(file));
}

/** The names in `text` (the note at `notePath`) that lead to nothing, each with its line number. */
function missingNames(notePath: string, text: string, exists: (file: string) => boolean = existsSync): string[] {
  const folder = path.dirname(notePath);
  const missing: string[] = [];
  /** Folders of the paths found on earlier lines: a later bare name may be in one of them. */
  const earlierFolders = new Set<string>();
  text.split('\n').forEach((line, index) => {
    const where = `${notePath}:${index + 1}`;
    const names = [...line.matchAll(BACKTICKED)].map(([, name]) => name!).filter((name) => PATH_NAME.test(name));
    const lineFolders = names.filter((name) => name.endsWith('/')).flatMap((name) => [path.join(folder, name), name]);
    const bases = [folder, '.', ...lineFolders.filter((candidate) => exists(candidate)), ...earlierFolders];
    const found: string[] = [];
    for (const name of names) {
      const base = bases.find((candidate) => exists(path.join(candidate, name)));
      if (base === undefined) missing.push(`${where}: \`${name}\``);
      else if (name.endsWith('/')) found.push(path.join(base, name));
      else if (name.includes('/')) found.push(path.dirname(path.join(base, name)));
    }
    for (const dir of found) earlierFolders.add(dir);
    for (const [, target] of line.matchAll(LINK)) {
      if (/^[a-z]+:/i.test(target!)) continue;
      if (!exists(path.join(folder, decodeURI(target!)))) missing.push(`${where}: (${target})`);
    }
  });
  return missing;
}

describe('CONTEXT.md notes', () => {
  it('are found (a new folder may add its own)', () => {
    expect(contextNotes()).toContain('server/booking/CONTEXT.md');
  });

  it('name only files and folders that exist', () => {
    const missing = contextNotes().flatMap((note) => missingNames(note, readFileSync(note, 'utf8')));
    expect(missing).toEqual([]);
  });

  // The check is only worth having if it fails: planted notes, read against the real tree.
  it.each([
    [
      'a file that moved to another folder',
      'server/auth/CONTEXT.md',
      '| `login.ts`, `secret-box.ts` | the second factor |',
      '`secret-box.ts`',
    ],
    [
      'a repository path that is not there',
      'server/auth/CONTEXT.md',
      'Types in `server/core-services-old.ts`.',
      '`server/core-services-old.ts`',
    ],
    ['a folder that is not there', 'server/auth/CONTEXT.md', '| `two-factor/` | enrolment |', '`two-factor/`'],
    [
      'a link to a decision that does not exist',
      'server/auth/CONTEXT.md',
      'See [decision 999](../../docs/decisions/999-none.md).',
      '(../../docs/decisions/999-none.md)',
    ],
    [
      'a file named beside a folder it is not in',
      'server/projects/CONTEXT.md',
      '| `review/` | `tracks.ts`, `compose.ts` |',
      '`compose.ts`',
    ],
    ['a bare name before any path leads to its folder', 'docs/walkthrough-x.md', '`bookSlot` in `book-slot.ts`', '`book-slot.ts`'],
  ])('reports %s', (_what, notePath, line, reported) => {
    expect(missingNames(notePath, `# a folder\n\n${line}\n`)).toEqual([`${notePath}:3: ${reported}`]);
  });

  it('reads a name against its folder, the repository, a folder on the same line, and links against the note', () => {
    const note = [
      '| `move-project.ts` | the status writer; slices from `server/core-services.ts` and `common/project-lifecycle.ts` |',
      '| `review/` | the review room: `tracks.ts`, `add-version.ts` |',
      'Secrets are sealed by `server/crypto/secret-box.ts` ([decision 057](../../docs/decisions/057-client-projects.md)).',
      'Words that are not paths: `AdminProfile`, `res.locals.client`, `/api/uploads`, `ATL-2027-0001`, `project_uploads`.',
    ].join('\n');
    expect(missingNames('server/projects/CONTEXT.md', note)).toEqual([]);
  });

  it('reads a bare name in a walk-through against the folders of the paths named before it', () => {
    const walk = [
      '1. `bookPageLoader` in `app/features/booking/book-page.server.ts` calls `server/booking/visitor-bookings.ts`.',
      '2. `bookSlot` (`book-slot.ts`) then `invitationFile` (`invitation.ts`); the page action (`book-page.server.ts`).',
      '3. And `studio-bookings.ts`, but not `project-files.ts`.',
    ].join('\n');
    expect(missingNames('docs/walkthrough-booking.md', walk)).toEqual(['docs/walkthrough-booking.md:3: `project-files.ts`']);
  });
});

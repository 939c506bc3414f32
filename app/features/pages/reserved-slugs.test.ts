import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import routes from '#app/routes.ts';
import { PAGE_ALIASES } from '#common/page-aliases.ts';
import { PAGE_SLUG_PATTERN, RESERVED_SLUGS } from '#common/site-content/page-slugs.ts';

const root = path.join(import.meta.dirname, '..', '..', '..');

type Entry = { path?: string; children?: Entry[] };

/** The first segment of every address the route table answers (a layout's children carry on its path). */
function firstSegments(entries: readonly Entry[], prefix = ''): string[] {
  return entries.flatMap((entry) => {
    const full = [prefix, entry.path ?? ''].filter(Boolean).join('/');
    const own = full.split('/')[0] ?? '';
    return [own, ...firstSegments(entry.children ?? [], full)];
  });
}

/** Only a segment an owner page could take matters: lowercase words and dashes, not a parameter or a file name. */
const couldBeASlug = (segment: string) => PAGE_SLUG_PATTERN.test(segment);

describe('the addresses an owner page may not take', () => {
  it('hold every first segment of the route table', () => {
    const segments = firstSegments(routes as Entry[]).filter(couldBeASlug);
    expect(segments.length).toBeGreaterThan(10);
    for (const segment of segments) expect(RESERVED_SLUGS.has(segment), segment).toBe(true);
  });

  it('hold the aliases, what Express answers before the pages, and the public folder', () => {
    const aliases = Object.keys(PAGE_ALIASES).map((alias) => alias.slice(1));
    const app = readFileSync(path.join(root, 'server', 'app.ts'), 'utf8');
    const express = [...app.matchAll(/app\.(?:get|use|post|all)\('\/([a-z0-9-]+)/g)].map((match) => match[1]!);
    // What the routers mounted beside the API answer (server/api/beside-the-api.ts names their files).
    const beside = readFileSync(path.join(root, 'server', 'api', 'beside-the-api.ts'), 'utf8');
    const besideFiles = [...beside.matchAll(/from '\.\/([a-z-]+)\.ts'/g)].map((match) =>
      path.join(root, 'server', 'api', `${match[1]}.ts`),
    );
    const besideRoutes = besideFiles.flatMap((file) =>
      [...readFileSync(file, 'utf8').matchAll(/\.(?:get|post|put|all|use|route|head)\(\s*['`]\/([a-z0-9-]+)/g)].map((match) => match[1]!),
    );
    expect(besideRoutes).toContain('media');
    const publicFolder = readdirSync(path.join(root, 'public'));
    for (const segment of [...aliases, ...express, ...besideRoutes, ...publicFolder].filter(couldBeASlug))
      expect(RESERVED_SLUGS.has(segment), segment).toBe(true);
    expect(express).toContain('api');
  });
});

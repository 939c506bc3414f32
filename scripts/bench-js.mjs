#!/usr/bin/env node
/**
 * JavaScript budget of the public pages: for each page, the scripts its server-rendered HTML makes
 * the browser load before any interaction (module preloads, route modules, the entry, the route
 * manifest, and what those import statically), gzipped, and whether any of them carries code no
 * public page needs (admin, Uppy, dnd-kit, zod, zxcvbn; read from BUILD_DIR/client-chunks.json).
 *
 *   npm run bench:js                                           # build/ (built if missing)
 *   BASELINE_BUILD_DIR=build-main BUILD_DIR=build npm run bench:js   # old and new side by side
 *   JS_LIST=1 npm run bench:js -- / /contact                   # also list each page's chunks
 *
 * Exits 1 when the last build listed misses the budget (< 120 KB gzipped) or ships a forbidden module.
 */
import { buildDirsFromEnv, kb, measurePageJavaScript, PUBLIC_PAGES, startBuildServer } from './bench-js-support.mjs';

const BUDGET_KB = 120;
const buildDirs = buildDirsFromEnv();
const pages = process.argv.slice(2).length > 0 ? process.argv.slice(2) : PUBLIC_PAGES;

const servers = [];
let failed = false;
try {
  for (const buildDir of buildDirs) servers.push(await startBuildServer(buildDir));
  const rows = [];
  for (const page of pages) {
    const row = { page, cells: [] };
    for (const server of servers) {
      const result = await measurePageJavaScript(server, page);
      const isNewest = server === servers.at(-1);
      const over = result.gzipBytes / 1024 >= BUDGET_KB;
      const leaks = result.forbidden ?? [];
      if (isNewest && (over || leaks.length > 0)) failed = true;
      const leakText =
        result.forbidden === null
          ? 'n/a (no client-chunks.json)'
          : leaks.length > 0
            ? [...new Set(leaks.map((l) => l.split(':')[0]))].join(', ')
            : 'none';
      row.cells.push(`${kb(result.gzipBytes)} KB (${result.files.length} files) | ${leakText}`);
      if (process.env.JS_LIST) {
        console.log(`\n${server.buildDir} ${page} (HTTP ${result.status}): ${kb(result.gzipBytes)} KB gzipped, ${kb(result.bytes)} KB raw`);
        for (const file of [...result.files].sort((a, b) => b.gzipBytes - a.gzipBytes))
          console.log(`  ${kb(file.gzipBytes).padStart(6)} KB  ${file.file}`);
        if (result.packages) console.log(`  packages: ${result.packages.join(', ')}`);
        for (const leak of leaks) console.log(`  FORBIDDEN ${leak}`);
      }
    }
    rows.push(row);
  }
  console.log(
    `\nJavaScript loaded before any interaction, gzipped (level 6); budget < ${BUDGET_KB} KB and no admin, Uppy, dnd-kit, zod or zxcvbn`,
  );
  console.log(`| page | ${servers.map((s) => `${s.buildDir}: JS gzipped | ${s.buildDir}: forbidden modules`).join(' | ')} |`);
  console.log(`|---|${servers.map(() => '---|---|').join('')}`);
  for (const row of rows) console.log(`| \`${row.page}\` | ${row.cells.join(' | ')} |`);
} catch (error) {
  failed = true;
  console.error(error);
} finally {
  await Promise.all(servers.map((server) => server.stop()));
}
process.exit(failed ? 1 : 0);

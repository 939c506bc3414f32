// `npm run bench:booking`: what the owner's calendar costs visitors (hardening round three), with a
// working calendar of 200 weekly and 50 daily recurring events (server/test-support/busy-calendars.ts)
// on the production server (SQLite), side by side in one run, medians of the rounds:
//   - the feed's expansion in the worker (once per fetch, off the event loop), timed in-process;
//   - one slot list computed (a change just renewed the cache) and served warm, in-process;
//   - GET /api/booking/slots under wrk;
//   - GET / quiet, and GET / while 4 connections load /api/booking/slots (and, for scale, /healthz).
//
//   npm run bench:booking
//   BENCH_SECONDS=8 BENCH_ROUNDS=3 npm run bench:booking
import { spawnSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { DEFAULT_CONSULTATION, defaultBookingSettings } from '#common/booking/settings.ts';
import { DEFAULT_STUDIO } from '#common/site-content/defaults.ts';
import { feedWindowOf } from '#server/booking/calendar-feed.ts';
import { expandFeed } from '#server/booking/feed-expansion.ts';
import { ordinaryBusyCalendar } from '#server/test-support/busy-calendars.ts';
import { openSeededSite } from './bench-seeded-site.ts';
import { ensureBuild, median, runWrk, startServer, WRK_PATH, type Measure } from './bench-support.ts';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 8);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const SLOTS_PATH = `/api/booking/slots?type=${DEFAULT_CONSULTATION.key}`;

if (spawnSync(WRK_PATH, ['-v']).error) throw new Error(`${WRK_PATH} is needed: apt-get install -y wrk`);

const calendar = ordinaryBusyCalendar();
const feedHost = createServer((_request, response) => response.writeHead(200, { 'content-type': 'text/calendar' }).end(calendar));
await new Promise<void>((resolve) => feedHost.listen(0, '127.0.0.1', resolve));
const feedUrl = `http://127.0.0.1:${(feedHost.address() as AddressInfo).port}/owner.ics`;

const timed = async <T>(work: () => Promise<T>) => {
  const started = performance.now();
  const result = await work();
  return { result, ms: performance.now() - started };
};

// The site, with the calendar saved as the owner saves it (read, expanded and stored before the answer).
const dataDir = mkdtempSync(path.join(tmpdir(), 'studio-bench-booking-'));
const site = await openSeededSite(dataDir);
const expansionMs: number[] = [];
const computeMs: number[] = [];
const warmMs: number[] = [];
let busyCount: number;
let slotCount = 0;
try {
  const settings = defaultBookingSettings(DEFAULT_STUDIO.hours);
  const saved = await site.services.booking.studioSettings.saveSettings({ version: 0, settings, feedUrl, feedPrivateAllowed: true });
  if (saved.kind !== 'saved' || saved.settings.feed.error) throw new Error(`the feed was not saved: ${JSON.stringify(saved)}`);
  busyCount = saved.settings.feed.busyCount;
  const window = feedWindowOf(settings.types, DEFAULT_STUDIO.hours.timeZone, Date.now());
  for (let round = 0; round < ROUNDS; round++) {
    expansionMs.push((await timed(() => expandFeed(calendar, window))).ms);
    const { visitorBookings } = site.services.booking;
    const before = visitorBookings.slotComputations;
    const cold = await timed(() => visitorBookings.slots(DEFAULT_CONSULTATION.key, {}));
    if (visitorBookings.slotComputations === before) throw new Error('the slot list was not computed');
    computeMs.push(cold.ms);
    slotCount = cold.result?.slots.length ?? 0;
    const warm: number[] = [];
    for (let index = 0; index < 50; index++) warm.push((await timed(() => visitorBookings.slots(DEFAULT_CONSULTATION.key, {}))).ms);
    warmMs.push(median(warm));
    // A settings change (another date off far ahead each round) renews the lists, as a booking would.
    const current = await site.services.booking.studioSettings.settings();
    const day = `2030-01-${String(round + 1).padStart(2, '0')}`;
    const datesOff = [{ from: day, to: day, label: 'Bench' }];
    const changed = await site.services.booking.studioSettings.saveSettings({
      version: current.version,
      settings: { ...settings, datesOff },
      feedUrl,
    });
    if (changed.kind !== 'saved') throw new Error('the settings were not saved');
  }
} finally {
  await site.close();
}

ensureBuild();
const server = await startServer({ SEED_DEMO: 'true', CONTACT_RATE_LIMIT: '100000' }, dataDir);
const slotsRuns: Measure[] = [];
const quietRuns: Measure[] = [];
const loadedRuns: Measure[] = [];
const healthLoadedRuns: Measure[] = [];
try {
  for (let round = 0; round < ROUNDS; round++) {
    slotsRuns.push(await runWrk(`${server.url}${SLOTS_PATH}`, SECONDS));
    quietRuns.push(await runWrk(`${server.url}/`, SECONDS));
    const [home] = await Promise.all([
      runWrk(`${server.url}/`, SECONDS),
      runWrk(`${server.url}${SLOTS_PATH}`, SECONDS, [], { connections: 4, threads: 1 }),
    ]);
    loadedRuns.push(home);
    // The same load on the lightest route there is (one database ping), for scale: what any request through the stack costs.
    const [homeBesideHealth] = await Promise.all([
      runWrk(`${server.url}/`, SECONDS),
      runWrk(`${server.url}/healthz`, SECONDS, [], { connections: 4, threads: 1 }),
    ]);
    healthLoadedRuns.push(homeBesideHealth);
  }
} finally {
  await server.stop();
  feedHost.close();
}

// Two decimals below 10 ms: `/` answers in about half a millisecond, and the ratio asked is of those.
const ms = (value: number) => value.toFixed(value < 10 ? 2 : 1);
const calendarKb = Math.round(calendar.length / 1024);
console.log(`\nCalendar: ${calendarKb} KB, 250 recurring events; ${busyCount} busy times over the horizon; ${slotCount} free slots`);
console.log(`Median of ${ROUNDS} rounds, wrk -t2 -c10 -d${SECONDS}s unless said (Node ${process.version})\n`);
console.log('| what | median | p99 | req/s |');
console.log('| --- | ---: | ---: | ---: |');
console.log(`| feed expansion in the worker (once per fetch) | ${ms(median(expansionMs))} ms | | |`);
console.log(`| slot list computed (after a change), in-process | ${ms(median(computeMs))} ms | | |`);
console.log(`| slot list from the cache, in-process | ${ms(median(warmMs))} ms | | |`);
const row = (label: string, runs: Measure[]) => {
  const [p50, p99, rps] = [median(runs.map((m) => m.p50Ms)), median(runs.map((m) => m.p99Ms)), median(runs.map((m) => m.rps))];
  console.log(`| ${label} | ${ms(p50)} ms | ${ms(p99)} ms | ${rps.toFixed(0)} |`);
};
row('GET /api/booking/slots', slotsRuns);
row('GET / quiet', quietRuns);
row('GET / while 4 connections load the slots', loadedRuns);
row('GET / while 4 connections load /healthz (for scale)', healthLoadedRuns);
const ratio = median(loadedRuns.map((m) => m.p50Ms)) / median(quietRuns.map((m) => m.p50Ms));
const healthRatio = median(healthLoadedRuns.map((m) => m.p50Ms)) / median(quietRuns.map((m) => m.p50Ms));
console.log(`\n/ under slot load vs quiet (median latency): ${ratio.toFixed(2)}x; under /healthz load: ${healthRatio.toFixed(2)}x`);
// Each round's own ratio (its loaded row against its quiet row, measured seconds apart): how much the machine moved.
const perRound = (runs: Measure[]) => runs.map((run, round) => (run.p50Ms / quietRuns[round]!.p50Ms).toFixed(2)).join(', ');
console.log(`per round, slot load: ${perRound(loadedRuns)}; /healthz load: ${perRound(healthLoadedRuns)}`);

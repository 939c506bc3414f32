import { randomBytes, randomInt } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import pg from 'pg';
import { migrations } from '../../server/db/migrations/index.ts';
import { makeWav } from '../e2e/admin-dashboard-files';
import { MULTI_ADMIN, skipReason, stack } from './stack';

// Both instances, the balancer in front of them, one database and one bucket (tests/multi/global-setup.ts).
// Steps that must land on a given instance use its own address; the rest go through nginx.
test.skip(Boolean(skipReason()), skipReason() ?? '');

interface Sample {
  id: number;
  title: string;
  artist: string | null;
  genre: string | null;
  description: string | null;
  duration: string | null;
  audioUrl: string;
  durationSeconds: number | null;
}

const DEMO_TITLES = ['Demo: Golden Hour', 'Demo: Midnight Groove', 'Demo: Slow Tide'];

async function query<T extends pg.QueryResultRow>(text: string, values: unknown[] = []): Promise<T[]> {
  const client = new pg.Client({ connectionString: stack().databaseUrl });
  await client.connect();
  try {
    return (await client.query<T>(text, values)).rows;
  } finally {
    await client.end();
  }
}

/** pino's JSON lines of one instance's log. */
const logLines = (file: string) =>
  readFileSync(file, 'utf8')
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .map((line) => JSON.parse(line) as { level: number; msg: string });

/** Signs the owner in through `base`; the context keeps the session cookie (cookies are per host, not port). */
async function signIn(request: APIRequestContext, base: string) {
  const res = await request.post(`${base}/api/admin/login`, {
    headers: { Origin: base },
    data: { username: MULTI_ADMIN.username, password: MULTI_ADMIN.password },
  });
  expect(res.status()).toBe(200);
}

const samplesOf = async (request: APIRequestContext, base: string) => (await (await request.get(`${base}/api/samples`)).json()) as Sample[];

const player = (page: Page, title: string) => page.getByRole('group', { name: `Audio player: ${title}` });

test('started at the same moment, the instances migrated once and seeded the three demos once', async ({ request }) => {
  const [a, b] = stack().instances;
  // The demos' analysis (peaks, length, streaming copy) may still be running on either instance: both
  // must agree once it has settled, not at one arbitrary moment of it.
  let [fromA, fromB] = [await samplesOf(request, a), await samplesOf(request, b)];
  await expect
    .poll(
      async () => {
        [fromA, fromB] = [await samplesOf(request, a), await samplesOf(request, b)];
        return fromA.every((sample) => sample.durationSeconds !== null) && JSON.stringify(fromA) === JSON.stringify(fromB);
      },
      { timeout: 60_000 },
    )
    .toBe(true);
  expect(fromB).toEqual(fromA);
  const demos = fromA.filter((sample) => sample.artist === 'Studio Demo');
  expect(demos).toHaveLength(3);
  expect(new Set(demos.map((sample) => sample.audioUrl)).size).toBe(3);

  const applied = await query<{ name: string }>('select name from kysely_migration order by name');
  expect(applied.map((row) => row.name)).toEqual(Object.keys(migrations).sort());
  expect(await query('select is_locked from kysely_migration_lock')).toEqual([{ is_locked: 0 }]);
  expect(await query('select name from completed_once')).toEqual([{ name: 'demo-samples' }]);
  expect(await query('select username from admin_users')).toEqual([{ username: MULTI_ADMIN.username }]);
  // The instance that lost the race stored no audio of its own.
  expect(await query(`select key from uploaded_objects where '/objects/uploads/' || key not in (select audio_url from samples)`)).toEqual(
    [],
  );

  const logs = stack().logs.map(logLines);
  expect(logs.flat().filter((line) => line.msg === 'seeded demo samples')).toHaveLength(1);
  expect(logs.flat().filter((line) => line.level >= 50)).toEqual([]);
});

test('nginx hands requests to both instances in turn', async ({ request }) => {
  const answeredBy = new Set<string>();
  for (let i = 0; i < 4; i += 1) {
    const res = await request.get(`${stack().balancer}/healthz`);
    expect(res.status()).toBe(200);
    answeredBy.add(res.headers()['x-upstream'] ?? '');
  }
  expect([...answeredBy].sort()).toEqual(
    stack()
      .instances.map((url) => new URL(url).host)
      .sort(),
  );
});

test('signed in through one instance, the owner works through the other and through nginx', async ({ page }) => {
  const [a, b] = stack().instances;
  await page.goto(`${a}/manage`);
  await page.getByLabel('Username').fill(MULTI_ADMIN.username);
  await page.getByLabel('Password', { exact: true }).fill(MULTI_ADMIN.password);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  const dashboard = page.getByRole('heading', { level: 1, name: 'Admin Dashboard' });
  await expect(dashboard).toBeVisible();

  // The other instance knows the session, and the dashboard's API calls go to it.
  await page.goto(`${b}/manage`);
  await expect(dashboard).toBeVisible();
  await page.getByRole('tab', { name: 'Manage Samples', exact: true }).click();
  const title = 'Demo: Slow Tide';
  const card = page.locator('article', { has: page.getByRole('heading', { level: 3, name: title, exact: true }) });
  await card.getByRole('button', { name: `Edit ${title}` }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit Sample' });
  const description = `Edited through instance B (${randomBytes(3).toString('hex')})`;
  await dialog.getByLabel('Description').fill(description);
  await dialog.getByRole('button', { name: 'Save Changes' }).click();
  await expect(dialog).toHaveCount(0);
  const edited = (await samplesOf(page.request, a)).find((sample) => sample.title === title);
  expect(edited?.description).toBe(description);

  for (let i = 0; i < 2; i += 1) {
    await page.goto(`${stack().balancer}/manage`);
    await expect(dashboard).toBeVisible();
  }

  // Signing out through one instance ends the session on the other.
  expect((await page.request.post(`${a}/api/admin/logout`, { headers: { Origin: a } })).ok()).toBe(true);
  expect((await page.request.get(`${b}/api/admin/me`)).status()).toBe(401);
});

test('an owner change through one instance is on the other instance\u2019s next page', async ({ request: visitor, playwright }) => {
  const [a, b] = stack().instances;
  const owner = await playwright.request.newContext();
  const sample = (await samplesOf(visitor, a)).find((item) => item.title === DEMO_TITLES[0])!;
  const retitled = `Golden Hour (remastered ${randomBytes(3).toString('hex')})`;
  const fields = { artist: sample.artist, genre: sample.genre, description: sample.description, audioUrl: sample.audioUrl };
  try {
    await signIn(owner, b);
    // A visitor's copy of /samples sits in instance A's page cache.
    await visitor.get(`${a}/samples`);
    const cached = await visitor.get(`${a}/samples`);
    expect(cached.headers()['x-page-cache']).toBe('hit');
    expect(await cached.text()).toContain(sample.title);

    const saved = await owner.put(`${b}/api/samples/${sample.id}`, { headers: { Origin: b }, data: { ...fields, title: retitled } });
    expect(saved.status()).toBe(200);

    const next = await visitor.get(`${a}/samples`);
    // Made again on A before B's write answered (decision 111): stored, current, no wait.
    expect(next.headers()['x-page-cache']).toBe('hit');
    const html = await next.text();
    expect(html).toContain(retitled);
    expect(html).not.toContain(sample.title);
    for (let i = 0; i < 2; i += 1) expect(await (await visitor.get(`${stack().balancer}/samples`)).text()).toContain(retitled);
  } finally {
    await owner.put(`${b}/api/samples/${sample.id}`, { headers: { Origin: b }, data: { ...fields, title: sample.title } });
    await owner.dispose();
  }
});

test('audio uploaded through one instance is streamed from the bucket through the other as its copy, with ranges', async ({
  page,
  playwright,
}) => {
  const [a, b] = stack().instances;
  const owner = await playwright.request.newContext();
  const wav = makeWav(20);
  const title = `Uploaded through A ${randomBytes(3).toString('hex')}`;
  try {
    await signIn(owner, a);
    const grant = await owner.post(`${a}/api/objects/upload`, { headers: { Origin: a } });
    expect(grant.status()).toBe(200);
    const { uploadURL } = (await grant.json()) as { uploadURL: string };
    // Straight to the bucket, as the browser's uploader does.
    expect(new URL(uploadURL).pathname).toMatch(/^\/studio-audio\/staging\//);
    expect((await owner.put(uploadURL, { data: wav })).status()).toBe(200);
    const registered = await owner.put(`${a}/api/audio-files`, { headers: { Origin: a }, data: { audioFileURL: uploadURL } });
    expect(registered.status()).toBe(200);
    const { objectPath } = (await registered.json()) as { objectPath: string };
    const created = await owner.post(`${a}/api/samples`, {
      headers: { Origin: a },
      data: { title, artist: 'Two Instances', audioUrl: objectPath },
    });
    expect(created.status()).toBe(201);

    const part = await owner.get(`${b}${objectPath}`, { headers: { Range: 'bytes=44-1043' } });
    expect(part.status()).toBe(206);
    expect(part.headers()['content-range']).toBe(`bytes 44-1043/${wav.length}`);
    expect(Buffer.compare(await part.body(), wav.subarray(44, 1044))).toBe(0);

    // Analysed on A from the bucket, which also makes the streaming copy (decision 087): with its
    // waveform known, B's page streams the copy instead of decoding the audio whole.
    await expect
      .poll(async () => (await samplesOf(owner, b)).find((sample) => sample.title === title)?.durationSeconds, { timeout: 30_000 })
      .toBeGreaterThan(19);
    await expect
      .poll(async () => (await samplesOf(owner, b)).find((sample) => sample.title === title)?.audioUrl, { timeout: 30_000 })
      .not.toBe(objectPath);
    const copyPath = (await samplesOf(owner, b)).find((sample) => sample.title === title)!.audioUrl;
    // The master itself is the owner's now: a visitor asking B for it is sent to the copy (decision 087).
    const master = await page.request.get(`${b}${objectPath}`, { maxRedirects: 0 });
    expect([master.status(), master.headers()['location']]).toEqual([302, copyPath]);
    const head = await page.request.get(`${b}${copyPath}`, { headers: { Range: 'bytes=0-3' } });
    expect([head.status(), head.headers()['content-type']]).toEqual([206, 'audio/mpeg']);
    const copySize = Number(/\/(\d+)$/.exec(head.headers()['content-range'] ?? '')?.[1]);

    const ranged: string[] = [];
    page.on('response', (response) => {
      const url = new URL(response.url());
      if (url.origin === b && url.pathname === copyPath && response.status() === 206)
        ranged.push(response.headers()['content-range'] ?? '');
    });
    await page.goto(`${b}/samples`);
    await expect(player(page, title)).toHaveAttribute('data-player-status', 'ready');
    await player(page, title)
      .getByRole('button', { name: `Play ${title}` })
      .click();
    await expect(player(page, title)).toHaveAttribute('data-playing', 'true');
    await expect
      .poll(() =>
        player(page, title)
          .locator('audio')
          .evaluate((audio: HTMLAudioElement) => audio.currentTime),
      )
      .toBeGreaterThan(0.3);
    // Seeking ahead (ArrowRight: +5 s) asks B for a byte range.
    await player(page, title).focus();
    await page.keyboard.press('ArrowRight');
    await expect.poll(() => ranged.length).toBeGreaterThan(0);
    expect(ranged.every((range) => range.endsWith(`/${copySize}`))).toBe(true);
  } finally {
    await owner.dispose();
  }
});

test('failed logins spread over both instances lock the pair, then the address, on either', async ({ playwright }) => {
  const [a, b] = stack().instances;
  const { balancer } = stack();
  // A client address of its own (the instances trust nginx and loopback for X-Forwarded-For), so these
  // locks touch nothing else.
  const address = `198.51.100.${randomInt(1, 255)}`;
  const intruder = await playwright.request.newContext({ extraHTTPHeaders: { 'X-Forwarded-For': address } });
  const username = `intruder-${randomBytes(3).toString('hex')}`;
  const attempt = (base: string, password = 'wrong-password-1', name = username) =>
    intruder.post(`${base}/api/admin/login`, { headers: { Origin: base }, data: { username: name, password } });
  try {
    // Five failures for one username from one address lock that pair on both instances.
    for (const base of [a, b, balancer, a, b]) expect((await attempt(base)).status()).toBe(401);
    for (const base of [a, b, balancer]) {
      const locked = await attempt(base);
      expect(locked.status()).toBe(429);
      expect(Number(locked.headers()['retry-after'])).toBeGreaterThan(800);
    }
    // Five more for other usernames bring the address to its limit of ten: then it is locked on
    // both, even for the right password of a real account; the owner elsewhere is not.
    for (const base of [a, b, balancer, a, b])
      expect((await attempt(base, 'wrong-password-1', `other-${randomBytes(3).toString('hex')}`)).status()).toBe(401);
    expect((await attempt(b, MULTI_ADMIN.password, MULTI_ADMIN.username)).status()).toBe(429);
    expect((await attempt(a, MULTI_ADMIN.password, MULTI_ADMIN.username)).status()).toBe(429);
    const elsewhere = await playwright.request.newContext({ extraHTTPHeaders: { 'X-Forwarded-For': '192.0.2.10' } });
    const owner = await elsewhere.post(`${a}/api/admin/login`, {
      headers: { Origin: a },
      data: { username: MULTI_ADMIN.username, password: MULTI_ADMIN.password },
    });
    expect(owner.status()).toBe(200);
    await elsewhere.dispose();
  } finally {
    await intruder.dispose();
  }
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_HOME, DEFAULT_PROCESS } from '#common/site-content/default-process.ts';
import { createAdminTestApp, type TestApp } from '#server/test-support/app.ts';
import { testDialects } from '#server/test-support/services.ts';

/** The words of a page, tags stripped, as one line. */
const words = (html: string) =>
  html
    .replace(/<script[\s\S]*?<\/script>/g, ' ')
    .replace(/<!-- -->/g, '')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/&#x27;/g, "'")
    .replace(/\s+/g, ' ');

/** Where each text first appears in the page (-1: not there). */
const positions = (text: string, needles: string[]) => needles.map((needle) => text.indexOf(needle));

// The real pages, rendered by React Router through Vite (development mode): what a visitor without JavaScript gets.
describe.each(testDialects())('the Process page and the home blocks as content (%s)', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createAdminTestApp(dialect, { pages: { kind: 'development' } });
    // Vite compiles the routes on the first request: done here, so the tests time only themselves.
    await t.request.get('/process');
    await t.request.get('/');
  }, 120_000);
  afterAll(async () => {
    await t?.close();
  });

  const versionOf = async (section: string): Promise<number> => (await t.request.get('/api/admin/site')).body[section].version;
  /** Saves a section over whatever version is stored (unless the body names one). */
  const put = async (section: string, body: object) =>
    t.request.put(`/api/admin/site/${section}`).send({ version: await versionOf(section), ...body });
  const page = async (path: string) => words((await t.request.get(path).expect(200)).text);

  it('shows a new step and a changed quality standard on /process, in the owner order, numbered from it', async () => {
    const steps = [...DEFAULT_PROCESS.steps];
    steps.splice(2, 0, { title: 'Stem Check', text: 'We listen to every stem within {{studio.responseHours}} hours.' });
    const standards = DEFAULT_PROCESS.standards.map((standard, index) =>
      index === 0 ? { title: 'Honest loudness', text: 'Loud where it helps, never crushed.' } : standard,
    );
    const saved = await put('process', { ...DEFAULT_PROCESS, steps, standards });
    expect(saved.status).toBe(200);

    const text = await page('/process');
    const order = positions(text, ['Step 2: File Submission', 'Step 3: Stem Check', 'Step 4: Professional Processing']);
    expect(order.every((at) => at >= 0)).toBe(true);
    expect([...order].sort((a, b) => a - b)).toEqual(order);
    expect(text).toContain('We listen to every stem within 24 hours.');
    expect(text).toContain('Honest loudness');
    expect(text).not.toContain(DEFAULT_PROCESS.standards[0]!.title);
    // The timeline still reads each package's own turnaround.
    expect(text).toContain('48 hours');
    expect(text).toContain('72 hours');

    const diff = await t.request.get(`/api/admin/site/process/versions/${saved.body.version}/diff`);
    const sentences = (diff.body.changes as Array<{ where: string; kind: string }>).map((change) => `${change.kind} ${change.where}`);
    expect(sentences).toContain('changed Steps › Step 3 (Stem Check) › Title');
    expect(sentences).toContain('changed Quality standards › Standard 1 (Honest loudness) › Title');
    expect(sentences).toContain('added Steps › Step 7 (Final Delivery)');
  });

  it('hides a home block and reorders the others, and / follows', async () => {
    const before = await page('/');
    expect(positions(before, ['Our Service Packages', 'Preparing Your Project', 'Start Your Project']).every((at) => at >= 0)).toBe(true);

    const [packages, preparing, samples, testimonials, contact] = DEFAULT_HOME.blocks;
    const blocks = [{ ...contact!, title: 'Talk To Us First' }, packages!, { ...preparing!, visible: false }, samples!, testimonials!];
    expect((await put('home', { ...DEFAULT_HOME, blocks })).status).toBe(200);

    const text = await page('/');
    expect(text).not.toContain('Preparing Your Project');
    expect(text).not.toContain('Essential Requirements');
    const order = positions(text, ['Talk To Us First', 'Our Service Packages', 'Featured Mix & Mastering Samples']);
    expect(order.every((at) => at >= 0)).toBe(true);
    expect([...order].sort((a, b) => a - b)).toEqual(order);
  });

  it('refuses bad input with errors by field path and changes nothing', async () => {
    const versions = [await versionOf('process'), await versionOf('home')];
    const shownBefore = await page('/process');
    const cases: Array<[string, object, string]> = [
      ['process', { ...DEFAULT_PROCESS, steps: [] }, 'steps'],
      ['process', { ...DEFAULT_PROCESS, steps: [{ title: '', text: 'x' }] }, 'steps.0.title'],
      [
        'process',
        { ...DEFAULT_PROCESS, preparing: { ...DEFAULT_PROCESS.preparing, guides: [{ title: 'G', icon: 'skull', items: ['a'] }] } },
        'preparing.guides.0.icon',
      ],
      ['process', { ...DEFAULT_PROCESS, timeline: 'extra' }, 'body'],
      ['home', { blocks: DEFAULT_HOME.blocks.slice(1) }, 'blocks'],
      ['home', { blocks: [DEFAULT_HOME.blocks[0], ...DEFAULT_HOME.blocks.slice(0, 4)] }, 'blocks.1.key'],
      ['home', { blocks: DEFAULT_HOME.blocks.map((block) => ({ ...block, visible: 'yes' })) }, 'blocks.0.visible'],
    ];
    for (const [section, body, field] of cases) {
      const res = await put(section, body);
      expect(res.status, field).toBe(400);
      expect(Object.keys(res.body.errors), field).toContain(field);
    }
    expect([await versionOf('process'), await versionOf('home')]).toEqual(versions);
    expect(await page('/process')).toBe(shownBefore);
  });
});

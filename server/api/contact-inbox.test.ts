import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '#server/test-support/app.ts';
import { testDialects } from '#server/test-support/services.ts';
import { parseCsv } from '#server/test-support/parse-csv.ts';

describe.each(testDialects())('the owner inbox on %s', (dialect) => {
  let admin: TestApp;
  let visitor: TestApp;
  beforeAll(async () => {
    admin = await createTestApp(dialect, { asAdmin: true, env: { CONTACT_RATE_LIMIT: '1000' } });
    visitor = await createTestApp(dialect);
  });
  afterAll(async () => {
    await admin.close();
    await visitor.close();
  });

  const submit = async (fields: Record<string, string> = {}) => {
    const response = await admin.request
      .post('/api/contact')
      .send({ name: 'Grace Hopper', email: 'grace@example.com', message: 'Could you master an EP of five songs?', ...fields });
    expect(response.status).toBe(201);
    return response.body.id as number;
  };
  const feed = (version?: string) => admin.request.get(`/api/contact-submissions/feed${version ? `?version=${version}` : ''}`);
  const exportCsv = (query = '') => admin.request.get(`/api/contact-submissions/export${query}`).buffer(true);

  describe('polling feed', () => {
    it('sends the list with a version, then nothing until something changes', async () => {
      const first = await feed();
      expect(first.status).toBe(200);
      expect(first.headers['cache-control']).toBe('no-store');
      expect(Array.isArray(first.body.submissions)).toBe(true);
      const unchanged = await feed(first.body.version);
      expect(unchanged.body).toEqual({ version: first.body.version, submissions: null });

      const id = await submit({ name: 'New Arrival' });
      const arrived = await feed(first.body.version);
      expect(arrived.body.version).not.toBe(first.body.version);
      expect(arrived.body.submissions[0]).toMatchObject({ id, name: 'New Arrival', status: 'new', readAt: null });

      for (const change of [
        () => admin.request.put(`/api/contact-submissions/${id}/read`),
        () => admin.request.patch(`/api/contact-submissions/${id}`).send({ status: 'in_progress' }),
        () => admin.request.delete(`/api/contact-submissions/${id}/read`),
        () => admin.request.delete(`/api/contact-submissions/${id}`),
      ]) {
        const before = (await feed()).body.version as string;
        expect((await change()).status).toBeLessThan(300);
        const after = await feed(before);
        expect(after.body.version).not.toBe(before);
        expect(after.body.submissions).not.toBeNull();
      }
    });

    it('notices a message that commits after a newer one was already seen', async () => {
      await submit();
      const seen = (await feed()).body;
      // A row with a smaller id appearing late (a slow transaction on PostgreSQL) still changes the version.
      const maxId = Math.max(...seen.submissions.map((row: { id: number }) => row.id));
      await admin.services.db
        .insertInto('contactSubmissions')
        .values({ id: maxId + 100_000, name: 'Later id', email: 'a@example.com', message: 'Committed first.' })
        .execute();
      const mid = (await feed(seen.version)).body.version as string;
      await admin.services.db
        .insertInto('contactSubmissions')
        .values({ id: maxId + 50_000, name: 'Earlier id', email: 'b@example.com', message: 'Committed second.' })
        .execute();
      const late = await feed(mid);
      expect(late.body.submissions.map((row: { name: string }) => row.name)).toContain('Earlier id');
    });

    it('is for admins only', async () => {
      expect((await visitor.request.get('/api/contact-submissions/feed')).status).toBe(401);
      expect((await visitor.request.get('/api/contact-submissions/export')).status).toBe(401);
      expect((await visitor.request.put('/api/contact-submissions/1/read')).status).toBe(401);
      expect((await admin.request.post('/api/contact-submissions/feed')).status).toBe(405);
    });
  });

  describe('unread and read', () => {
    it('keeps a new submission unread until opened, keeps the first read time, and can put it back', async () => {
      const id = await submit();
      const listed = (await admin.request.get('/api/contact-submissions')).body.find((row: { id: number }) => row.id === id);
      expect(listed.readAt).toBeNull();

      const opened = await admin.request.put(`/api/contact-submissions/${id}/read`);
      expect(opened.status).toBe(200);
      expect(Date.parse(opened.body.readAt)).not.toBeNaN();
      const again = await admin.request.put(`/api/contact-submissions/${id}/read`);
      expect(again.body.readAt).toBe(opened.body.readAt);

      const unread = await admin.request.delete(`/api/contact-submissions/${id}/read`);
      expect(unread.status).toBe(200);
      expect(unread.body).toMatchObject({ id, readAt: null, status: 'new' });
    });

    it('answers 404 for unknown ids and 405 for other methods', async () => {
      for (const id of ['999999', '0', 'abc']) expect((await admin.request.put(`/api/contact-submissions/${id}/read`)).status).toBe(404);
      const patch = await admin.request.patch('/api/contact-submissions/1/read').send({});
      expect(patch.status).toBe(405);
      expect(patch.headers.allow).toBe('PUT, DELETE');
    });
  });

  describe('CSV export', () => {
    it('streams every submission with a BOM, a header row, RFC 4180 quoting and defused formulas', async () => {
      await submit({
        name: '=HYPERLINK("http://evil.example","click")',
        email: 'eve@example.com',
        message: 'Line one, "quoted"\nline two',
      });
      await submit({ name: '@SUM(A1)', phone: '+1 404 555 0100', message: '-2+3 is a formula too, says Excel.' });
      const response = await exportCsv();
      expect(response.status).toBe(200);
      expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
      expect(response.headers['content-disposition']).toMatch(/^attachment; filename="contact-submissions-\d{4}-\d{2}-\d{2}\.csv"$/);
      const text = response.text;
      expect(text.startsWith('\uFEFF')).toBe(true);
      const rows = parseCsv(text.slice(1));
      expect(rows[0]).toEqual([
        'ID',
        'Received',
        'Received (ISO 8601, UTC)',
        'Name',
        'Email',
        'Phone',
        'Status',
        'Read',
        'Read (ISO 8601, UTC)',
        'Message',
      ]);
      const total = (await admin.request.get('/api/contact-submissions')).body.length;
      expect(rows).toHaveLength(total + 1);
      const sum = rows.find((row) => row[3] === "'@SUM(A1)");
      const link = rows.find((row) => row[4] === 'eve@example.com');
      expect(sum).toMatchObject({ 3: "'@SUM(A1)", 5: "'+1 404 555 0100", 6: 'New', 9: "'-2+3 is a formula too, says Excel." });
      expect(link).toMatchObject({
        3: `'=HYPERLINK("http://evil.example","click")`,
        4: 'eve@example.com',
        9: 'Line one, "quoted"\nline two',
      });
      // The studio's time (the default studio is in New York) beside the exact ISO time.
      expect(link![1]).toMatch(/^[A-Z][a-z]{2} \d{1,2}, \d{4}, \d{1,2}:\d{2} [AP]M E[SD]T$/);
      expect(new Date(link![2]!).toISOString()).toBe(link![2]);
      expect(Number(link![0])).toBeLessThan(Number(sum![0]));
    });

    it('exports only what the filter shows', async () => {
      const done = await submit({ name: 'Finished Filter', message: 'A completed project about vinyl.' });
      await admin.request.patch(`/api/contact-submissions/${done}`).send({ status: 'completed' });
      await submit({ name: 'Open Filter', message: 'Another one about VINYL mastering.' });
      const completed = await exportCsv('?status=completed');
      expect(completed.headers['content-disposition']).toMatch(/-filtered\.csv"$/);
      const completedRows = parseCsv(completed.text.slice(1)).slice(1);
      expect(completedRows.length).toBeGreaterThan(0);
      expect(completedRows.every((row) => row[6] === 'Completed')).toBe(true);
      const searched = parseCsv((await exportCsv('?q=vinyl')).text.slice(1)).slice(1);
      expect(searched.map((row) => row[3]).sort()).toEqual(['Finished Filter', 'Open Filter']);
      const both = parseCsv((await exportCsv('?status=new&q=Vinyl')).text.slice(1)).slice(1);
      expect(both.map((row) => row[3])).toEqual(['Open Filter']);
    });

    it('refuses a bad filter with 400', async () => {
      for (const query of ['?status=done', '?q=a&q=b', `?q=${'x'.repeat(201)}`, '?q=%00']) {
        const response = await admin.request.get(`/api/contact-submissions/export${query}`);
        expect(response.status, query).toBe(400);
        expect(response.body.message).toBe('Invalid export filter');
      }
    });
  });
});

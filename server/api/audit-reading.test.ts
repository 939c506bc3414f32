import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUDIT_PAGE_SIZE } from '#common/audit.ts';
import { recordAudit } from '#server/auth/audit-log.ts';
import { settleBackgroundWork } from '#server/auth/background.ts';
import { pruneAuthRows } from '#server/auth/housekeeping.ts';
import { createTestApp, type TestApp } from '#server/test-support/app.ts';
import { parseCsv } from '#server/test-support/parse-csv.ts';
import { testDialects } from '#server/test-support/services.ts';
import { call, signedInStaff } from '#server/test-support/staff-fixture.ts';

/*
 * Reading the audit log (decision 116): the owner reads everyone's entries, the others only their
 * own whatever they ask; filters by person, area and day; pages newest first; a CSV whose formula
 * cells open as text; a year's keeping.
 */

type Person = { id: number; cookie: string };
const DAY_MS = 86_400_000;

describe.each(testDialects())('reading the audit log (%s)', (dialect) => {
  let t: TestApp;
  let owner: Person;
  let desk: Person;
  let engineer: Person;
  const quiet = { error() {} };

  beforeAll(async () => {
    t = await createTestApp(dialect);
    owner = await signedInStaff(t, 'owner', 'olive-owner');
    desk = await signedInStaff(t, 'assistant', 'dana-desk');
    engineer = await signedInStaff(t, 'engineer', 'eli-engineer');
    const write = (person: Person, name: string, area: string, action: string, at: Date) =>
      recordAudit(t.services.db, quiet, { personId: person.id, person: name, area, action, ip: '203.0.113.9' }, at);
    await write(desk, 'dana-desk', 'money', 'Invoice ATL-1 voided', new Date('2026-11-02T10:00:00Z'));
    await write(desk, 'dana-desk', 'site', 'Packages and prices saved and published', new Date('2026-11-03T10:00:00Z'));
    await write(owner, 'olive-owner', 'money', 'Billing settings saved and published', new Date('2026-11-04T10:00:00Z'));
    await write(engineer, 'eli-engineer', 'samples', 'Sample “Night” changed', new Date('2026-11-05T10:00:00Z'));
  }, 60_000);
  afterAll(async () => {
    await settleBackgroundWork();
    await t.close();
  });

  const read = (cookie: string, query = '') => call(t, 'get', `/api/admin/audit${query}`, cookie);
  const actions = (body: { entries: { action: string }[] }) => body.entries.map((entry) => entry.action);

  it('shows the owner everyone’s entries newest first, filtered by person, area and day', async () => {
    const all = await read(owner.cookie);
    expect(all.status).toBe(200);
    expect(all.body.everyone).toBe(true);
    expect(all.body.people.map((p: { name: string }) => p.name)).toEqual(
      expect.arrayContaining(['dana-desk', 'eli-engineer', 'olive-owner']),
    );
    const seeded = [
      'Sample “Night” changed',
      'Billing settings saved and published',
      'Packages and prices saved and published',
      'Invoice ATL-1 voided',
    ];
    expect(actions(all.body).filter((action) => seeded.includes(action))).toEqual(seeded);
    expect(actions((await read(owner.cookie, `?person=${desk.id}&area=money`)).body)).toEqual(['Invoice ATL-1 voided']);
    expect(actions((await read(owner.cookie, '?area=money&before=2026-11-03')).body)).toEqual(['Invoice ATL-1 voided']);
    expect(actions((await read(owner.cookie, '?area=money&before=2026-11-04')).body)).toEqual([
      'Billing settings saved and published',
      'Invoice ATL-1 voided',
    ]);
    expect(all.body.entries[0]).toMatchObject({ ip: expect.stringMatching(/\.0\/24$|::\/48$/) });
  });

  it('shows any other role only their own entries, even when they ask for someone else’s', async () => {
    for (const query of ['', `?person=${owner.id}`, '?area=money']) {
      const mine = await read(desk.cookie, query);
      expect(mine.status).toBe(200);
      expect(mine.body.everyone).toBe(false);
      expect(new Set(mine.body.entries.map((entry: { personId: number }) => entry.personId))).toEqual(
        new Set(mine.body.entries.length ? [desk.id] : []),
      );
      expect(mine.body.people).toEqual([{ id: desk.id, name: 'dana-desk' }]);
    }
    expect(actions((await read(engineer.cookie, '?area=samples')).body)).toEqual(['Sample “Night” changed']);
    const csv = parseCsv((await call(t, 'get', `/api/admin/audit.csv?person=${owner.id}`, engineer.cookie)).text.replace(/^\uFEFF/, ''));
    expect(
      csv
        .slice(1)
        .filter((row) => row.length > 1)
        .every((row) => row[1] === 'eli-engineer'),
    ).toBe(true);
  });

  it('pages newest first with a cursor, and refuses a bad filter with a 400 that says which', async () => {
    for (let i = 0; i < AUDIT_PAGE_SIZE + 5; i += 1)
      await recordAudit(t.services.db, quiet, {
        personId: engineer.id,
        person: 'eli-engineer',
        area: 'uploads',
        action: `Upload ${i}`,
        ip: '::1',
      });
    const first = await read(engineer.cookie, '?area=uploads');
    expect(first.body.entries).toHaveLength(AUDIT_PAGE_SIZE);
    expect(first.body.entries[0].action).toBe(`Upload ${AUDIT_PAGE_SIZE + 4}`);
    const second = await read(engineer.cookie, `?area=uploads&cursor=${first.body.nextCursor}`);
    expect(actions(second.body)).toEqual(['Upload 4', 'Upload 3', 'Upload 2', 'Upload 1', 'Upload 0']);
    expect(second.body.nextCursor).toBeNull();
    for (const bad of [
      '?person=abc',
      '?person=99999999999',
      '?area=everything',
      '?before=2027-02-30',
      '?before=soon',
      '?cursor=-1',
      '?area=money&area=site',
    ]) {
      const res = await read(owner.cookie, bad);
      expect(res.status, bad).toBe(400);
      expect(res.body.message, bad).toEqual(expect.any(String));
    }
    expect((await call(t, 'get', '/api/admin/audit')).status).toBe(401);
  });

  it('exports CSV with formula cells opening as text', async () => {
    const tricky = ['=HYPERLINK("http://x","y")', '+1+1', '-2', '@SUM(A1)', '\tTab', '\rReturn'];
    for (const action of tricky)
      await recordAudit(t.services.db, quiet, { personId: owner.id, person: '=cmd|calc', area: 'other', action, ip: '198.51.100.4' });
    const res = await call(t, 'get', '/api/admin/audit.csv?area=other', owner.cookie);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/csv/);
    expect(res.headers['content-disposition']).toMatch(/attachment; filename="audit-log-\d{4}-\d{2}-\d{2}\.csv"/);
    const rows = parseCsv(res.text.replace(/^\uFEFF/, '')).filter((row) => row.length > 1);
    expect(rows[0]).toEqual(['Time', 'Person', 'Area', 'Action', 'Address', 'Changes']);
    expect(rows.slice(1).map((row) => row[3])).toEqual(tricky.map((action) => `'${action}`).reverse());
    expect(rows.slice(1).every((row) => row[1] === "'=cmd|calc" && row[4] === '198.51.100.0/24')).toBe(true);
  });

  it('keeps entries a year: the hourly housekeeping deletes older ones', async () => {
    const now = new Date('2027-06-01T12:00:00Z');
    await recordAudit(
      t.services.db,
      quiet,
      { personId: owner.id, person: 'olive-owner', area: 'other', action: 'Too old', ip: '::1' },
      new Date(now.getTime() - 366 * DAY_MS),
    );
    await recordAudit(
      t.services.db,
      quiet,
      { personId: owner.id, person: 'olive-owner', area: 'other', action: 'Within the year', ip: '::1' },
      new Date(now.getTime() - 364 * DAY_MS),
    );
    await pruneAuthRows(t.services, now);
    const left = await t.services.db
      .selectFrom('auditEntries')
      .select('action')
      .where('action', 'in', ['Too old', 'Within the year'])
      .execute();
    expect(left.map((row) => row.action)).toEqual(['Within the year']);
  });
});

import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { packagesSchema } from '#common/site-content/packages.ts';
import { createTestServices, testDialects, type TestServices } from '#server/test-support/services.ts';
import { migrateTo, migrateToLatest } from '#server/db/migrate.ts';

/** A `pricing` section as the editor saved it before 0015: the special off, Premium settled at $275. */
const OLD_PRICING = {
  newClientSpecial: { enabled: false, price: 75, regularPrice: 150 },
  intro: {
    title: 'Intro Special',
    priceNote: 'first song',
    description: 'First song.',
    features: ['One song'],
    revisions: 2,
    turnaroundHours: 48,
    popular: true,
  },
  standard: {
    title: 'Standard',
    price: 150,
    regularPrice: null,
    priceNote: 'per song',
    description: 'Full mix.',
    features: [],
    revisions: 3,
    turnaroundHours: 72,
    popular: false,
  },
  premium: {
    title: 'Premium',
    price: 275,
    regularPrice: 200,
    priceNote: 'per song',
    description: 'All of it.',
    features: ['Stems'],
    revisions: 'unlimited',
    turnaroundHours: null,
    popular: false,
  },
  mixingPage: {},
  vocalProductionFrom: 120,
};

describe.each(testDialects())('migration 0015_packages_section on %s', (dialect) => {
  let services: TestServices | undefined;
  afterEach(async () => {
    await services?.cleanup();
    services = undefined;
  });

  it("keeps the owner's saved prices as the first version of the packages, valid by today's schema", async () => {
    services = await createTestServices(dialect);
    const { db } = services;
    await migrateTo(db, '0014_review_room');
    for (const [version, data] of [
      [1, { ...OLD_PRICING, vocalProductionFrom: 99 }],
      [2, OLD_PRICING],
    ] as const) {
      const json = JSON.stringify(data);
      const insert = sql`insert into site_content_versions (section, version, data, updated_by_name)`;
      await sql`${insert} values ('pricing', ${version}, ${json}, 'dana')`.execute(db);
    }
    expect(await migrateToLatest(db)).toContain('0015_packages_section');
    const row = await db.selectFrom('siteContentVersions').selectAll().where('section', '=', 'packages').executeTakeFirstOrThrow();
    expect(row).toMatchObject({ version: 1, updatedByName: 'dana' });
    const packages = packagesSchema.parse(JSON.parse(row.data));
    expect(packages.vocalProductionFrom).toBe(120);
    // The special was off, so its card was not shown: no intro package. A regular price below the price is dropped.
    expect(packages.packages.map((pkg) => [pkg.key, pkg.price, pkg.regularPrice, pkg.turnaround])).toEqual([
      // Written with hours then; read today as a range in hours (decision 109).
      ['standard', 150, null, { from: 72, to: 72, unit: 'hours' }],
      ['premium', 275, null, { from: 48, to: 48, unit: 'hours' }],
    ]);
  });

  it('writes nothing on a site that never saved its prices', async () => {
    services = await createTestServices(dialect);
    const rows = await services.db.selectFrom('siteContentVersions').select('section').execute();
    expect(rows).toEqual([]);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { memoryMailer } from '#server/test-support/project-fixture.ts';
import { insertProject } from '#server/test-support/project-row.ts';
import { createTestServices, testDialects, type TestServices } from '#server/test-support/services.ts';
import { sendDueBillingEmails, type BillingEmailDeps } from './billing-emails.ts';
import { InvoiceService } from './invoices.ts';

const STUDIO = { name: 'ATL Audio Mastering', email: 'studio@example.com', responseHours: 24, timeZone: 'America/New_York' };

const projectIn = (services: TestServices, clientEmail: string) => insertProject(services.db, { clientEmail, price: 300 });

const depsFor = (services: TestServices, mailer = memoryMailer()): BillingEmailDeps & { mailer: ReturnType<typeof memoryMailer> } => ({
  db: services.db,
  logger: services.logger,
  config: services.config,
  mailer,
  studioIdentity: async () => STUDIO,
  publicUrl: 'https://studio.example.com',
  projects: services.projects.projectsForBilling,
  pdf: async () => Buffer.from('%PDF-1.7 test'),
});

/** The studio is in New York; the client who booked from Los Angeles has that zone on record. */
const DEFAULTS = {
  prefix: 'ATL',
  currency: 'USD',
  paymentTermsDays: 14,
  reminderDaysBefore: 3,
  timeZoneOf: async (email: string) => (email === 'la@example.com' ? 'America/Los_Angeles' : 'America/New_York'),
};

describe.each(testDialects())('invoice e-mails on %s', (dialect) => {
  let services: TestServices;
  let sentAt: Date;
  let invoices: InvoiceService;
  beforeAll(async () => {
    services = await createTestServices(dialect);
    sentAt = new Date('2027-03-01T10:00:00Z');
    invoices = new InvoiceService(services.db, services.projects.projectsForBilling, async () => DEFAULTS, {
      now: () => sentAt,
    });
  });
  afterAll(() => services.cleanup());

  it('sends the invoice at once, reminds 3 days before, on and a week after the due date at 9:00 in the studio zone', async () => {
    const deps = depsFor(services);
    const projectId = await projectIn(services, 'ava@example.com');
    const made = await invoices.create(projectId, { lines: [{ description: 'Mix', amountCents: 20_000 }], dueDate: '2027-03-10' });
    if (made.kind !== 'done') throw new Error('not made');
    await invoices.send(made.invoice.id);
    const subjectsAt = async (at: string) => {
      await sendDueBillingEmails(deps, new Date(at));
      return deps.mailer.sent.map((mail) => mail.subject.split(':')[0]);
    };
    expect(await subjectsAt('2027-03-01T10:00:01Z')).toEqual([`Invoice ${made.invoice.number} from ATL Audio Mastering`]);
    // 9:00 in New York on March 7 and 10 is 14:00 UTC (EST; the clocks go forward on March 14, 2027).
    expect(await subjectsAt('2027-03-07T13:59:00Z')).toHaveLength(1);
    expect((await subjectsAt('2027-03-07T14:00:00Z')).at(-1)).toBe('Coming up');
    expect(await subjectsAt('2027-03-10T13:59:00Z')).toHaveLength(2);
    expect((await subjectsAt('2027-03-10T14:00:00Z')).at(-1)).toBe('Due today');
    // March 17 is after the clocks went forward (March 14): 9:00 EDT is 13:00 UTC.
    expect(await subjectsAt('2027-03-17T12:59:00Z')).toHaveLength(3);
    expect((await subjectsAt('2027-03-17T13:00:00Z')).at(-1)).toBe('Overdue');
    expect(await subjectsAt('2027-04-30T15:00:00Z')).toHaveLength(4);
    expect(deps.mailer.sent.every((mail) => mail.to === 'ava@example.com' && mail.replyTo === 'studio@example.com')).toBe(true);
    expect(deps.mailer.sent[0]!.text).toContain(`https://studio.example.com/portal/projects/${projectId}`);
    expect(deps.mailer.sent[0]!.attachments?.map((file) => file.filename)).toEqual([`${made.invoice.number}.pdf`]);
    expect(deps.mailer.sent[1]!.attachments).toBeUndefined();
  });

  it("reminds at 9:00 in the client's own zone when one is on record", async () => {
    const deps = depsFor(services);
    const projectId = await projectIn(services, 'la@example.com');
    const made = await invoices.create(projectId, { lines: [{ description: 'Mix', amountCents: 20_000 }], dueDate: '2027-03-10' });
    if (made.kind !== 'done') throw new Error('not made');
    await invoices.send(made.invoice.id);
    const mine = async (at: string) => {
      await sendDueBillingEmails(deps, new Date(at));
      return deps.mailer.sent.filter((mail) => mail.to === 'la@example.com').map((mail) => mail.subject.split(':')[0]);
    };
    await mine('2027-03-01T10:00:01Z');
    // 9:00 in Los Angeles on March 10 (PST) is 17:00 UTC, three hours after New York's.
    expect((await mine('2027-03-10T16:59:00Z')).at(-1)).toBe('Coming up');
    expect((await mine('2027-03-10T17:00:00Z')).at(-1)).toBe('Due today');
  });

  it('drops the reminders of an invoice paid before they fall due, and sends the receipt', async () => {
    const deps = depsFor(services);
    const projectId = await projectIn(services, 'paid@example.com');
    const made = await invoices.create(projectId, { lines: [{ description: 'Master', amountCents: 8_000 }], dueDate: '2027-03-10' });
    if (made.kind !== 'done') throw new Error('not made');
    await invoices.send(made.invoice.id);
    await invoices.recordPayment(made.invoice.id, { amountCents: 8_000, method: 'bank_transfer' }, 1);
    for (const at of ['2027-03-01T10:00:01Z', '2027-03-07T15:00:00Z', '2027-03-10T15:00:00Z', '2027-03-17T15:00:00Z'])
      await sendDueBillingEmails(deps, new Date(at));
    expect(deps.mailer.sent.map((mail) => mail.subject.split(':')[0])).toEqual([
      `Invoice ${made.invoice.number} from ATL Audio Mastering`,
      'Paid',
    ]);
    expect(deps.mailer.sent[1]!.attachments?.[0]?.contentType).toBe('application/pdf');
  });

  it('tries again after a mail fault and still sends once', async () => {
    const deps = depsFor(services);
    const projectId = await projectIn(services, 'retry@example.com');
    const made = await invoices.create(projectId, { lines: [{ description: 'Mix', amountCents: 1_000 }], dueDate: null });
    if (made.kind !== 'done') throw new Error('not made');
    await invoices.send(made.invoice.id);
    const send = deps.mailer.send;
    deps.mailer.send = async () => {
      throw new Error('SMTP down');
    };
    expect(await sendDueBillingEmails(deps, new Date('2027-03-01T10:00:01Z'))).toMatchObject({ failed: 1 });
    deps.mailer.send = send;
    await sendDueBillingEmails(deps, new Date('2027-03-01T10:05:00Z'));
    await sendDueBillingEmails(deps, new Date('2027-03-01T11:00:00Z'));
    expect(deps.mailer.sent.filter((mail) => mail.to === 'retry@example.com')).toHaveLength(1);
  });
});

describe.skipIf(!process.env.TEST_DATABASE_URL)('reminders with two instances on one PostgreSQL', () => {
  let first: TestServices;
  let second: TestServices;
  beforeAll(async () => {
    first = await createTestServices('postgres');
    second = await createTestServices('postgres', { sameDatabaseAs: first });
  });
  afterAll(async () => {
    await second.cleanup();
    await first.cleanup();
  });

  it('go out once although both instances send at the same moment', async () => {
    const sentAt = new Date('2027-03-01T10:00:00Z');
    const invoices = new InvoiceService(first.db, first.projects.projectsForBilling, async () => DEFAULTS, {
      now: () => sentAt,
    });
    for (const client of ['a', 'b', 'c']) {
      const made = await invoices.create(await projectIn(first, `${client}@example.com`), {
        lines: [{ description: 'Mix', amountCents: 5_000 }],
        dueDate: '2027-03-10',
      });
      if (made.kind !== 'done') throw new Error('not made');
      await invoices.send(made.invoice.id);
    }
    const [one, two] = [depsFor(first), depsFor(second)];
    for (const at of [
      '2027-03-01T10:00:01Z',
      '2027-03-07T15:00:00Z',
      '2027-03-10T15:00:00Z',
      '2027-03-17T15:00:00Z',
      '2027-03-18T15:00:00Z',
    ])
      await Promise.all([sendDueBillingEmails(one, new Date(at)), sendDueBillingEmails(two, new Date(at))]);
    const all = [...one.mailer.sent, ...two.mailer.sent].map((mail) => `${mail.to} ${mail.subject.split(':')[0]}`);
    // Three invoices: the invoice and the three reminders (before, on, after the due date) each, none twice.
    expect(all).toHaveLength(12);
    expect(new Set(all).size).toBe(12);
  });
});

import { describe, expect, it, vi } from 'vitest';
import type { CreateProjectInput } from '#common/projects.ts';
import { takeUpEnquiry } from '#server/contact/enquiry-links.ts';
import type { CreateOutcome } from '#server/projects/projects-service.ts';
import { startProject } from './start-project.ts';

// The enquiry taken up in the project's transaction and the refusals on a real database: server/api/projects.test.ts.

const INPUT = { title: 'EP', contactSubmissionId: 4 } as unknown as CreateProjectInput;
const OWNER = { side: 'studio' as const, adminId: 1, name: 'Owner' };

function parts(created: CreateOutcome, lockDeliveries: boolean, plan: { priceCents: number | null; plan: object | null } | null = null) {
  const fake = {
    projects: { records: { create: vi.fn(async () => created) } },
    billing: {
      desk: { settings: vi.fn(async () => ({ lockDeliveries, depositPercent: 40 })), setDeliveryLock: vi.fn(async () => false) },
      plans: { get: vi.fn(async () => plan), put: vi.fn(async () => ({ kind: 'saved' })) },
      invoices: { ofProject: vi.fn(async () => []) },
    },
  };
  return fake as typeof fake & Parameters<typeof startProject>[0];
}

const made = { kind: 'created', project: { id: 12 } } as unknown as CreateOutcome;

describe('starting a project', () => {
  it("hands the projects capability contact's way to take the enquiry up", async () => {
    const fake = parts(made, true);
    expect(await startProject(fake, INPUT, OWNER)).toBe(made);
    expect(fake.projects.records.create).toHaveBeenCalledWith(INPUT, OWNER, expect.any(Date), takeUpEnquiry);
    expect(fake.billing.desk.setDeliveryLock).not.toHaveBeenCalled();
  });

  it("gives a priced project the studio's usual plan, and leaves an unpriced one without", async () => {
    const priced = parts(made, true, { priceCents: 35_000, plan: null });
    await startProject(priced, INPUT, OWNER);
    expect(priced.billing.plans.put).toHaveBeenCalledWith(12, { depositPercent: 40 }, 'none');
    const unpriced = parts(made, true, { priceCents: null, plan: null });
    await startProject(unpriced, INPUT, OWNER);
    expect(unpriced.billing.plans.put).not.toHaveBeenCalled();
  });

  it("opens the new project's deliveries when the studio does not lock them", async () => {
    const fake = parts({ kind: 'created', project: { id: 12, deliveryLocked: true } } as unknown as CreateOutcome, false);
    const outcome = await startProject(fake, INPUT, OWNER);
    expect(fake.billing.desk.setDeliveryLock).toHaveBeenCalledWith(12, false);
    // The owner's answer shows the project as it now is.
    expect(outcome).toMatchObject({ kind: 'created', project: { id: 12, deliveryLocked: false } });
  });

  it('changes nothing in billing when the project was not made', async () => {
    const refused: CreateOutcome = { kind: 'invalid', errors: { contactSubmissionId: ['That contact submission no longer exists'] } };
    const fake = parts(refused, false);
    expect(await startProject(fake, INPUT, OWNER)).toBe(refused);
    expect(fake.billing.desk.settings).not.toHaveBeenCalled();
    expect(fake.billing.desk.setDeliveryLock).not.toHaveBeenCalled();
  });
});

import { describe, expect, it, vi } from 'vitest';
import type { UpdateProjectInput } from '#common/projects.ts';
import type { UpdateOutcome } from '#server/projects/projects-service.ts';
import { updateProject } from './update-project.ts';

// On a real database, through the API: server/api/invoices.test.ts (the lock) and server/api/projects.test.ts (the fields).

const OWNER = { side: 'studio' as const, adminId: 1, name: 'Owner' };
const FIELDS = { title: 'Night Bus (deluxe)' } as UpdateProjectInput;

function parts(updated: UpdateOutcome, view: { id: number; deliveryLocked: boolean } | null) {
  const fake = {
    projects: { records: { update: vi.fn(async () => updated), adminView: vi.fn(async () => view) } },
    billing: { desk: { setDeliveryLock: vi.fn(async (_id: number, locked: boolean) => locked) } },
  };
  return fake as typeof fake & Parameters<typeof updateProject>[0];
}

const saved = { kind: 'saved', project: { id: 7 } } as unknown as UpdateOutcome;

describe("changing a project's fields and its delivery lock", () => {
  it('answers the project as it is after both changes', async () => {
    const fake = parts(saved, { id: 7, deliveryLocked: true });
    const outcome = await updateProject(fake, 7, { fields: FIELDS, deliveryLocked: false }, OWNER);
    expect(fake.projects.records.update).toHaveBeenCalledWith(7, FIELDS, OWNER);
    expect(fake.billing.desk.setDeliveryLock).toHaveBeenCalledWith(7, false);
    expect(outcome).toMatchObject({ kind: 'saved', project: { id: 7, deliveryLocked: false } });
  });

  it('leaves the lock alone when the fields are refused, and when the project does not exist', async () => {
    const refused: UpdateOutcome = { kind: 'invalid', errors: { title: ['Give the project a title'] } };
    const fake = parts(refused, { id: 7, deliveryLocked: true });
    expect(await updateProject(fake, 7, { fields: FIELDS, deliveryLocked: false }, OWNER)).toBe(refused);
    const missing = parts(saved, null);
    expect(await updateProject(missing, 8, { fields: null, deliveryLocked: true }, OWNER)).toEqual({ kind: 'not-found' });
    expect(fake.billing.desk.setDeliveryLock).not.toHaveBeenCalled();
    expect(missing.billing.desk.setDeliveryLock).not.toHaveBeenCalled();
  });

  it('changes only the lock when no field is sent', async () => {
    const fake = parts(saved, { id: 7, deliveryLocked: false });
    expect(await updateProject(fake, 7, { fields: null, deliveryLocked: true }, OWNER)).toMatchObject({
      project: { deliveryLocked: true },
    });
    expect(fake.projects.records.update).not.toHaveBeenCalled();
  });
});

import { afterEach, describe, expect, it } from 'vitest';
import { STAFF_MESSAGES } from '#common/staff.ts';
import { createTestServices, testDialects, type TestServices } from '#server/test-support/services.ts';
import { runAdminCli } from './admin-cli.ts';
import { findAdminByUsername } from './admin-users.ts';

describe.each(testDialects())('the admin CLI keeps the last active owner (%s)', (dialect) => {
  let services: TestServices | undefined;
  afterEach(async () => {
    await services?.cleanup();
    services = undefined;
  });

  it('refuses to demote, suspend or remove the last active owner in the API’s words, and changes nothing', async () => {
    services = await createTestServices(dialect);
    const { db } = services;
    const lines: string[] = [];
    const io = { out: (line: string) => lines.push(line), readStdin: async () => '' };
    await runAdminCli(db, ['create', 'boss', 'boss@studio.test', 'boss-pass-long-1'], io);
    for (const argv of [
      ['role', 'boss', 'engineer'],
      ['suspend', 'boss'],
      ['deactivate', 'boss'],
      ['remove', 'boss'],
    ]) {
      await expect(runAdminCli(db, argv, io)).rejects.toThrow(STAFF_MESSAGES.lastOwner);
    }
    expect(await findAdminByUsername(db, 'boss')).toMatchObject({ role: 'owner', isActive: 1, removedAt: null });
    await expect(runAdminCli(db, ['role', 'boss', 'janitor'], io)).rejects.toThrow('Choose a role: owner, engineer or assistant');

    // With a second owner, the first may step down, and the second may go once the first is owner again.
    await runAdminCli(db, ['create', 'partner', 'partner@studio.test', 'partner-pass-long-1'], io);
    await runAdminCli(db, ['role', 'boss', 'engineer'], io);
    expect(lines.at(-1)).toBe('Admin "boss" is now an engineer.');
    await expect(runAdminCli(db, ['remove', 'partner'], io)).rejects.toThrow(STAFF_MESSAGES.lastOwner);
    await runAdminCli(db, ['role', 'boss', 'owner'], io);
    await runAdminCli(db, ['suspend', 'partner'], io);
    expect((await findAdminByUsername(db, 'partner'))!.isActive).toBe(0);
    await runAdminCli(db, ['remove', 'partner'], io);
    expect((await findAdminByUsername(db, 'partner'))!.removedAt).not.toBeNull();
  });
});

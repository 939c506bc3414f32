import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServices, testDialects, type TestServices } from '#server/test-support/services.ts';
import { createAdmin } from './admin-users.ts';
import { totpCode, totpStep } from './totp.ts';
import { checkSecondFactor, confirmEnrolment, startEnrolment } from './two-factor.ts';

describe.each(testDialects())('two-factor codes (%s)', (dialect) => {
  let services: TestServices;
  beforeAll(async () => {
    services = await createTestServices(dialect);
  });
  afterAll(() => services.cleanup());

  it('lets one of two simultaneous checks of one TOTP code through (the step is claimed atomically)', async () => {
    const admin = await createAdmin(services.db, { username: 'owner', email: 'owner@example.com', password: 'owner-pass-1' });
    const setup = await startEnrolment(services, admin);
    if (setup.kind !== 'started') throw new Error(setup.kind);
    const now = new Date();
    expect((await confirmEnrolment(services, admin, totpCode(setup.secret, totpStep(now) - 1), '127.0.0.1', now)).kind).toBe('confirmed');
    // Both checks read the enrolment before either claims the step: only the claim can tell them apart.
    const code = totpCode(setup.secret, totpStep(now));
    const results = await Promise.all([checkSecondFactor(services, admin.id, code, now), checkSecondFactor(services, admin.id, code, now)]);
    expect(results.map((result) => result.kind).sort()).toEqual(['app-code', 'wrong']);
    expect((await checkSecondFactor(services, admin.id, code, now)).kind).toBe('wrong');
  });

  it('names the studio as the owner set it in the authenticator app (the issuer)', async () => {
    const admin = await createAdmin(services.db, { username: 'renamer', email: 'renamer@example.com', password: 'owner-pass-1' });
    const studio = { ...(await services.site.siteContent.read()).studio, name: 'Peachtree Sound' };
    expect((await services.site.siteContent.save('studio', studio, admin)).kind).toBe('saved');
    const setup = await startEnrolment(services, admin);
    if (setup.kind !== 'started') throw new Error(setup.kind);
    expect(setup.otpauthUrl).toMatch(/^otpauth:\/\/totp\/Peachtree%20Sound:renamer\?.*&issuer=Peachtree\+Sound&/);
  });
});

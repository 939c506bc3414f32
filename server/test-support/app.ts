import type { AdminProfile } from '#common/admin-auth.ts';
import type { Express } from 'express';
import supertest from 'supertest';
import { createApp, type AppOptions } from '#server/app.ts';
import type { Dialect } from '#server/db/connection.ts';
import { createTestServices, type TestServiceOptions, type TestServices } from './services.ts';

export interface TestApp {
  app: Express;
  services: TestServices;
  request: ReturnType<typeof supertest>;
  close(): Promise<void>;
}

/** The real Express app (API only, no pages) on a fresh database, driven by supertest. */
export const TEST_ADMIN: AdminProfile = {
  id: 1,
  username: 'test-admin',
  email: 'test-admin@example.com',
  displayName: null,
  firstName: 'Test',
  lastName: 'Admin',
  profileImageUrl: null,
  setupChecklistDismissed: false,
  role: 'owner',
};

export interface TestAppOptions extends TestServiceOptions {
  /** Every request acts as TEST_ADMIN (for admin APIs whose auth is tested elsewhere). */
  asAdmin?: boolean;
  /** Pages too, e.g. production mode on the stand-in build of test-support/page-build. */
  pages?: AppOptions['pages'];
}

export async function createTestApp(dialect: Dialect, options: TestAppOptions = {}): Promise<TestApp> {
  const services = await createTestServices(dialect, options);
  const built = await createApp(services, { pages: options.pages, ...(options.asAdmin ? { testAdmin: TEST_ADMIN } : {}) });
  return {
    app: built.app,
    services,
    request: supertest(built.handle),
    async close() {
      await built.close();
      await services.cleanup();
    },
  };
}

/**
 * The app acting as TEST_ADMIN with that account's row in the database too: for writes that record
 * who made them (site content versions, owner images).
 */
export async function createAdminTestApp(dialect: Dialect, options: Omit<TestAppOptions, 'asAdmin'> = {}): Promise<TestApp> {
  const t = await createTestApp(dialect, { ...options, asAdmin: true });
  await t.services.db
    .insertInto('adminUsers')
    .values({ id: TEST_ADMIN.id, username: TEST_ADMIN.username, email: TEST_ADMIN.email, password: 'x' })
    .execute();
  return t;
}

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

import type { Express } from 'express';
import supertest from 'supertest';
import { createApp } from '../app.ts';
import type { Dialect } from '../db/connection.ts';
import { createTestServices, type TestServiceOptions, type TestServices } from './services.ts';

export interface TestApp {
  app: Express;
  services: TestServices;
  request: ReturnType<typeof supertest>;
  close(): Promise<void>;
}

/** The real Express app (API only, no pages) on a fresh database, driven by supertest. */
export async function createTestApp(dialect: Dialect, options: TestServiceOptions = {}): Promise<TestApp> {
  const services = await createTestServices(dialect, options);
  const built = await createApp(services);
  return {
    app: built.app,
    services,
    request: supertest(built.app),
    async close() {
      await built.close();
      await services.cleanup();
    },
  };
}

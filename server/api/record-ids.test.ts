import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_RECORD_ID } from '#common/record-id.ts';
import { testDialects } from '#server/test-support/services.ts';
import { createProjectsTestApp, PROJECT_INPUT, projectWithClient, type ProjectsTestApp } from '#server/test-support/project-fixture.ts';

const pages = { kind: 'production', buildDir: path.join(import.meta.dirname, '..', 'test-support', 'page-build') } as const;
/** One past PostgreSQL's integer: well formed, and no record can have it. */
const BEYOND = MAX_RECORD_ID + 1;

describe.each(testDialects())('ids no record can have (%s)', (dialect) => {
  let t: ProjectsTestApp;
  let client: string;
  let projectId: number;
  beforeAll(async () => {
    t = await createProjectsTestApp(dialect, { pages });
    const own = await projectWithClient(t, { clientEmail: 'ids@example.com' });
    client = own.client;
    projectId = own.project.id;
  });
  afterAll(() => t.close());

  it('answers them in a path as unknown (404), on the API and on the review pages', async () => {
    for (const url of [
      `/api/admin/projects/${BEYOND}`,
      `/manage/projects/${BEYOND}/review/1`,
      `/manage/projects/${BEYOND}/review/1.data`,
    ]) {
      expect((await t.asAdmin.get(url)).status, url).toBe(404);
    }
    for (const url of [
      `/api/portal/projects/${BEYOND}`,
      `/portal/projects/${BEYOND}/review/1`,
      `/portal/projects/${projectId}/review/${BEYOND}`,
      `/portal/projects/${BEYOND}/review/1.data`,
    ]) {
      expect((await t.asClient(client).get(url)).status, url).toBe(404);
    }
  });

  it('refuses them in a body with 400 and the field named', async () => {
    const project = await t.asAdmin.post('/api/admin/projects').send({ ...PROJECT_INPUT, contactSubmissionId: BEYOND });
    expect(project.status).toBe(400);
    expect(project.body.errors).toHaveProperty('contactSubmissionId');
    const reply = await t
      .asClient(client)
      .post(`/api/portal/projects/${projectId}/tracks/1/versions/1/comments`)
      .send({ parentId: BEYOND, body: 'A reply' });
    expect(reply.status).toBeLessThan(500);
    expect([400, 404]).toContain(reply.status);
  });
});

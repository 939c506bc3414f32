import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { wavHeader } from '#server/audio/wav.ts';
import { testDialects } from '#server/test-support/services.ts';
import { createProjectsTestApp, projectWithClient, uploadIntoProject, type ProjectsTestApp } from '#server/test-support/project-fixture.ts';

// A file removed by ten requests at once (a double click, a retrying client, an attacker) is removed
// once: one 204, the others 404 as for a file that is not there, and one entry in the project's log.
// On PostgreSQL each request used to read the row before any had deleted it, and each answered 204.
// Moving it to another category at once is logged once too.

const wav = Buffer.concat([wavHeader(1, 8000, 400), Buffer.alloc(800, 3)]);
const PARALLEL = 10;

describe.each(testDialects())('parallel deletes of one project file on %s', (dialect) => {
  let t: ProjectsTestApp;
  let clients = 0;
  beforeAll(async () => {
    t = await createProjectsTestApp(dialect);
  });
  afterAll(async () => {
    await t.close();
  });

  async function clientFile() {
    const { project, client } = await projectWithClient(t, { clientEmail: `deletes-${++clients}@example.com` });
    const agent = t.asClient(client);
    const objectPath = await uploadIntoProject(t, agent, project.id, 'kick.wav', wav);
    const registered = await agent.post(`/api/portal/projects/${project.id}/files`).send({ objectPath, category: 'stems' });
    expect(registered.status).toBe(201);
    await t.services.projects.projectFileProcessing.idle();
    return { projectId: project.id, fileId: registered.body.id as number, agent };
  }

  const logged = async (projectId: number, action: string) =>
    (
      await t.services.db
        .selectFrom('projectActivity')
        .select('action')
        .where('projectId', '=', projectId)
        .where('action', '=', action)
        .execute()
    ).length;

  it.each(['client', 'owner'] as const)('the %s removes it once: one 204, nine 404s, one log entry', async (who) => {
    const { projectId, fileId, agent } = await clientFile();
    const path =
      who === 'client' ? `/api/portal/projects/${projectId}/files/${fileId}` : `/api/admin/projects/${projectId}/files/${fileId}`;
    const answers = await Promise.all(Array.from({ length: PARALLEL }, () => (who === 'client' ? agent : t.asAdmin).delete(path)));
    expect(answers.map((res) => res.status).sort()).toEqual([204, ...Array(PARALLEL - 1).fill(404)]);
    expect(await logged(projectId, 'file_removed')).toBe(1);
    expect((await t.asAdmin.get(`/api/admin/projects/${projectId}`)).body.files).toEqual([]);
  });

  it('ten moves of one file to the same category at once log one move', async () => {
    const { projectId, fileId, agent } = await clientFile();
    const path = `/api/portal/projects/${projectId}/files/${fileId}`;
    const answers = await Promise.all(Array.from({ length: PARALLEL }, () => agent.patch(path).send({ category: 'reference' })));
    expect(answers.map((res) => res.status)).toEqual(Array(PARALLEL).fill(200));
    expect(await logged(projectId, 'file_recategorised')).toBe(1);
    expect(answers[0]!.body.files[0].category).toBe('reference');
  });
});

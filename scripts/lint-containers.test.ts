import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { projectRoot } from '#server/paths.ts';
import { lintComposeFiles, lintDockerfile } from './lint-containers.ts';

describe('container file lint', () => {
  let dir: string | undefined;
  afterEach(() => {
    if (dir) rmSync(dir, { recursive: true, force: true });
    dir = undefined;
  });

  it('finds no problem in the Dockerfile and compose.yaml', () => {
    expect(lintDockerfile(readFileSync(path.join(projectRoot, 'Dockerfile'), 'utf8'))).toEqual([]);
    expect(lintComposeFiles([path.join(projectRoot, 'compose.yaml')])).toEqual([]);
  });

  it('reports an unpinned base, root, a shell-form CMD, no health check and another Node', () => {
    const problems = lintDockerfile(
      ['FROM node:latest AS build', 'RUN npm ci', 'FROM node:20-slim', 'USER root', 'CMD node server.js', ''].join('\n'),
    );
    expect(problems).toEqual([
      expect.stringMatching(/^line 1: FROM node:latest needs a pinned tag/),
      expect.stringMatching(/^line 5: CMD must use the exec \(JSON\) form/),
      expect.stringMatching(/must run on node:24/),
      expect.stringMatching(/non-root USER/),
      expect.stringMatching(/must set ENV HOST=0\.0\.0\.0/),
      expect.stringMatching(/needs a HEALTHCHECK/),
    ]);
  });

  it('reports a final stage that would listen on the container alone', () => {
    const image = (env: string) =>
      ['FROM node:24-slim', env, 'USER node', 'HEALTHCHECK CMD ["node", "-e", "1"]', 'CMD ["node", "build/server-main.js"]', ''].join('\n');
    expect(lintDockerfile(image('ENV NODE_ENV=production'))).toEqual([expect.stringMatching(/must set ENV HOST=0\.0\.0\.0/)]);
    expect(lintDockerfile(image('ENV HOST=127.0.0.1'))).toEqual([expect.stringMatching(/must set ENV HOST=0\.0\.0\.0/)]);
    expect(lintDockerfile(image('ENV NODE_ENV=production \\\n    HOST=0.0.0.0'))).toEqual([]);
  });

  it('reports what the validator finds, such as an unknown instruction', () => {
    expect(lintDockerfile('FROM node:24-slim\nRUNN npm ci\n')).toContainEqual(expect.stringMatching(/^line 2: Unknown instruction: RUNN/));
  });

  it('reports a Compose file that breaks the schema', () => {
    dir = mkdtempSync(path.join(tmpdir(), 'studio-compose-'));
    const file = path.join(dir, 'compose.yaml');
    writeFileSync(file, ['name: demo', 'services:', '  app:', '    image: node:24-slim', '    restrt: always', ''].join('\n'));
    expect(lintComposeFiles([file])).toEqual([expect.stringMatching(/\/services\/app.*must NOT have additional properties/)]);
  });

  it('reports a published port open on every interface', () => {
    dir = mkdtempSync(path.join(tmpdir(), 'studio-compose-'));
    const file = path.join(dir, 'compose.yaml');
    writeFileSync(
      file,
      ['name: demo', 'services:', '  app:', '    image: node:24-slim', '    ports:', "      - '3000:3000'", ''].join('\n'),
    );
    expect(lintComposeFiles([file])).toEqual([
      expect.stringMatching(/compose\.yaml:5: .*exporting port "3000:3000" without specifying the interface/),
    ]);
  });
});

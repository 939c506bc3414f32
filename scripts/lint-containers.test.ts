import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { projectRoot } from '#server/paths.ts';
import { composeDurationMs, lintComposeFiles, lintDockerfile } from './lint-containers.ts';

/** A service's log rotation, which every service in a Compose file must have. */
const ROTATED = ['    logging:', '      driver: local'];

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
    writeFileSync(file, ['name: demo', 'services:', '  app:', '    image: node:24-slim', '    restrt: always', ...ROTATED, ''].join('\n'));
    expect(lintComposeFiles([file])).toEqual([expect.stringMatching(/\/services\/app.*must NOT have additional properties/)]);
  });

  it('reports a published port open on every interface', () => {
    dir = mkdtempSync(path.join(tmpdir(), 'studio-compose-'));
    const file = path.join(dir, 'compose.yaml');
    writeFileSync(
      file,
      ['name: demo', 'services:', '  app:', '    image: node:24-slim', '    ports:', "      - '3000:3000'", ...ROTATED, ''].join('\n'),
    );
    expect(lintComposeFiles([file])).toEqual([
      expect.stringMatching(/compose\.yaml:5: .*exporting port "3000:3000" without specifying the interface/),
    ]);
  });

  /** Lints one Compose file with the given services (YAML lines, indented under `services:`). */
  const lintServices = (lines: string[]) => {
    dir = mkdtempSync(path.join(tmpdir(), 'studio-compose-'));
    const file = path.join(dir, 'compose.yaml');
    writeFileSync(file, ['name: demo', 'services:', ...lines, ''].join('\n'));
    return lintComposeFiles([file]);
  };

  it("reports a service whose log grows without bound: Docker's default json-file log, or one without max-size", () => {
    const problems = lintServices([
      '  cache:',
      '    image: redis:7',
      '    logging:',
      '      driver: json-file',
      '      options:',
      '        max-size: 10m',
      '  db:',
      '    image: postgres:17',
      '    logging:',
      '      driver: json-file',
      '      options:',
      "        max-file: '3'",
      '  web:',
      '    image: nginx:1.27',
    ]);
    expect(problems).toEqual([
      expect.stringMatching(/compose\.yaml: service "db": logging must rotate/),
      expect.stringMatching(/compose\.yaml: service "web": logging must rotate/),
    ]);
  });

  it("reports a site server that Docker would kill before its shutdown is done (the docs' 20 s)", () => {
    const app = (grace?: string) => ['  app:', '    build: .', ...ROTATED, ...(grace ? [`    stop_grace_period: ${grace}`] : [])];
    expect(lintServices(app())).toEqual([
      expect.stringMatching(/service "app": stop_grace_period must be at least 20s, .*found none: Docker's 10s/),
    ]);
    expect(lintServices(app('15s'))).toEqual([expect.stringMatching(/stop_grace_period must be at least 20s, .*found "15s"/)]);
    expect(lintServices(app('20s'))).toEqual([]);
    expect(lintServices(app('1m'))).toEqual([]);
    // The same image running another command (the backup loop) stops in its own time.
    expect(lintServices(['  backup:', '    build: .', '    entrypoint: [/bin/sh, -c, sleep 1]', ...ROTATED])).toEqual([]);
  });

  it('reads Compose durations', () => {
    expect(composeDurationMs('30s')).toBe(30_000);
    expect(composeDurationMs('1m30s')).toBe(90_000);
    expect(composeDurationMs('1.5s')).toBe(1_500);
    expect(composeDurationMs('500ms')).toBe(500);
    expect(composeDurationMs('30')).toBeNull();
    expect(composeDurationMs(30)).toBeNull();
  });
});

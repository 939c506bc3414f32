// Lints the container files without a container engine: `Dockerfile` with dockerfile-utils (the VS Code
// Docker validator) plus the rules this project relies on, `compose.yaml` against the Compose schema
// and dclint's rules. Part of `npm run lint`; scripts/lint-containers.test.ts runs it under `npm test`.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { DCLinter } from 'dclint';
import { DockerfileParser, Env, From, type Instruction } from 'dockerfile-ast';
import { validate } from 'dockerfile-utils';
import { parse } from 'yaml';
import { LONGEST_STOP_MS } from '#server/shutdown-grace.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
/** The Node major of the production image: the LTS that CI tests besides the oldest supported one. */
export const PRODUCTION_NODE_MAJOR = '24';

const at = (instruction: Instruction) => `line ${instruction.getRange().start.line + 1}`;
const isExecForm = (instruction: Instruction) => instruction.getArgumentsContent()?.trim().startsWith('[') ?? false;

/** The project's rules, on top of the validator's: what the deploy guide and the server's shutdown count on. */
function projectRules(instructions: Instruction[]): string[] {
  const problems: string[] = [];
  const stages = new Set<string>();
  let finalStage: Instruction[] = [];
  for (const instruction of instructions) {
    const keyword = instruction.getKeyword();
    if (instruction instanceof From) {
      const image = instruction.getImage() ?? '';
      const tag = instruction.getImageTag();
      if (!stages.has(image) && !instruction.getImageDigest() && (!tag || tag === 'latest')) {
        problems.push(`${at(instruction)}: FROM ${image} needs a pinned tag (not latest), so a rebuild gets the same base`);
      }
      const stage = instruction.getBuildStage();
      if (stage) stages.add(stage);
      finalStage = [instruction];
    } else {
      finalStage.push(instruction);
    }
    if ((keyword === 'CMD' || keyword === 'ENTRYPOINT') && !isExecForm(instruction)) {
      problems.push(`${at(instruction)}: ${keyword} must use the exec (JSON) form, so SIGTERM reaches node and requests finish`);
    }
  }
  const [from, ...rest] = finalStage;
  const base = from instanceof From ? (from.getImage() ?? '') : '';
  if (!new RegExp(`^node:${PRODUCTION_NODE_MAJOR}(\\b|-|\\.)`).test(base)) {
    problems.push(`the final stage must run on node:${PRODUCTION_NODE_MAJOR} (found ${base || 'no FROM'})`);
  }
  const user = rest.filter((instruction) => instruction.getKeyword() === 'USER').pop();
  const userName = user?.getArgumentsContent()?.trim().split(':')[0];
  if (!userName || userName === 'root' || userName === '0') problems.push('the final stage must switch to a non-root USER');
  // The server listens on 127.0.0.1 unless HOST says otherwise (server/config.ts): inside a container
  // that is the container itself, and a published port would lead nowhere.
  const host = rest
    .flatMap((instruction) => (instruction instanceof Env ? instruction.getProperties() : []))
    .filter((property) => property.getName() === 'HOST')
    .pop();
  if (host?.getValue() !== '0.0.0.0')
    problems.push('the final stage must set ENV HOST=0.0.0.0 (the server listens on 127.0.0.1 otherwise)');
  const healthcheck = rest.find((instruction) => instruction.getKeyword() === 'HEALTHCHECK');
  if (!healthcheck || /^NONE\b/i.test(healthcheck.getArgumentsContent() ?? '')) {
    problems.push('the final stage needs a HEALTHCHECK (the server answers GET /healthz)');
  }
  return problems;
}

/** Problems in a Dockerfile's text, one line each; empty when it passes. */
export function lintDockerfile(content: string): string[] {
  const diagnostics = validate(content).map((diagnostic) => `line ${diagnostic.range.start.line + 1}: ${diagnostic.message}`);
  return [...diagnostics, ...projectRules(DockerfileParser.parse(content).getInstructions())];
}

/** What docs/deploy.md asks of a process manager: the server's longest clean stop and 5 s to spare. */
export const STOP_GRACE_NEEDED_MS = LONGEST_STOP_MS + 5_000;

const DURATION_UNITS_MS: Record<string, number> = { h: 3_600_000, m: 60_000, s: 1_000, ms: 1, us: 0.001, ns: 0.000001 };

/** A Compose duration (`30s`, `1m30s`, `1.5s`) in milliseconds; null when it is not one. */
export function composeDurationMs(value: unknown): number | null {
  if (typeof value !== 'string' || !/^(\d+(\.\d+)?(h|ms|m|s|us|ns))+$/.test(value)) return null;
  let total = 0;
  for (const [, amount, unit] of value.matchAll(/(\d+(?:\.\d+)?)(h|ms|m|s|us|ns)/g)) total += Number(amount) * DURATION_UNITS_MS[unit!]!;
  return total;
}

interface ComposeService {
  build?: unknown;
  entrypoint?: unknown;
  command?: unknown;
  stop_grace_period?: unknown;
  logging?: { driver?: string; options?: Record<string, unknown> };
}

/**
 * The project's rules for compose.yaml: every log rotates (Docker's json-file default grows until the
 * disk is full), and the site's server (this Dockerfile's image with its own command) gets the time
 * its shutdown takes before Docker kills it (Docker's default is 10 s).
 */
export function composeProjectRules(content: string): string[] {
  const document = parse(content, { merge: true }) as { services?: Record<string, ComposeService> } | null;
  const problems: string[] = [];
  for (const [name, service] of Object.entries(document?.services ?? {})) {
    const { driver = 'json-file', options = {} } = service.logging ?? {};
    const rotates = driver === 'local' || (driver === 'json-file' && options['max-size'] !== undefined);
    if (!rotates) {
      problems.push(`service "${name}": logging must rotate (driver local, or json-file with max-size and max-file options)`);
    }
    const runsTheServer = service.build !== undefined && service.entrypoint === undefined && service.command === undefined;
    if (!runsTheServer) continue;
    const grace = composeDurationMs(service.stop_grace_period);
    if (grace === null || grace < STOP_GRACE_NEEDED_MS) {
      problems.push(
        `service "${name}": stop_grace_period must be at least ${STOP_GRACE_NEEDED_MS / 1000}s, so the server's own shutdown ` +
          `(up to ${LONGEST_STOP_MS / 1000} s, server/shutdown-grace.ts) finishes before Docker kills it ` +
          `(found ${service.stop_grace_period === undefined ? "none: Docker's 10s" : JSON.stringify(service.stop_grace_period)})`,
      );
    }
  }
  return problems;
}

/** Problems in Compose files (schema and dclint rules, warnings included, then the project's), one line each. */
export function lintComposeFiles(files: string[]): string[] {
  const linter = new DCLinter({ rules: {}, quiet: false, debug: false, exclude: [] });
  return linter.lintFiles(files, false).flatMap((result) => {
    const file = result.filePath.startsWith(root) ? path.relative(root, result.filePath) : result.filePath;
    let ours: string[] = [];
    try {
      ours = composeProjectRules(readFileSync(result.filePath, 'utf8'));
    } catch {
      // Not YAML at all: dclint has said so above.
    }
    return [
      ...result.messages.map((message) => `${file}:${message.line}: ${message.message}`),
      ...ours.map((problem) => `${file}: ${problem}`),
    ];
  });
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const problems = [
    ...lintDockerfile(readFileSync(path.join(root, 'Dockerfile'), 'utf8')).map((problem) => `Dockerfile ${problem}`),
    ...lintComposeFiles([path.join(root, 'compose.yaml')]),
  ];
  for (const problem of problems) console.error(problem);
  console.log(problems.length === 0 ? 'Dockerfile and compose.yaml: no problems' : `${problems.length} problem(s) in the container files`);
  process.exit(problems.length === 0 ? 0 : 1);
}

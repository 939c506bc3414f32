// Lints the container files without a container engine: `Dockerfile` with dockerfile-utils (the VS Code
// Docker validator) plus the rules this project relies on, `compose.yaml` against the Compose schema
// and dclint's rules. Part of `npm run lint`; scripts/lint-containers.test.ts runs it under `npm test`.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { DCLinter } from 'dclint';
import { DockerfileParser, Env, From, type Instruction } from 'dockerfile-ast';
import { validate } from 'dockerfile-utils';

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

/** Problems in Compose files (schema and dclint rules, warnings included), one line each. */
export function lintComposeFiles(files: string[]): string[] {
  const linter = new DCLinter({ rules: {}, quiet: false, debug: false, exclude: [] });
  return linter.lintFiles(files, false).flatMap((result) => {
    const file = result.filePath.startsWith(root) ? path.relative(root, result.filePath) : result.filePath;
    return result.messages.map((message) => `${file}:${message.line}: ${message.message}`);
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

# syntax=docker/dockerfile:1
# The site's production image: Node 24 LTS (CI runs the whole suite on 24, a smaller run on 22),
# production dependencies only, run by the unprivileged `node` user, data in the /data volume.
# docs/deploy.md shows how to run it; `npm run lint` checks this file (scripts/lint-containers.ts).

# The bundles need the dev dependencies (React Router, Vite, esbuild). Nothing is compiled: SQLite is
# Node's own node:sqlite, and sharp and argon2 install prebuilt binaries.
FROM node:24-bookworm AS build
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build && npm prune --omit=dev --no-audit --no-fund

FROM node:24-bookworm-slim
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=3000 \
    DATA_DIR=/data
WORKDIR /app
# Only what runs, all plain JavaScript: build/ holds the client assets, the server with its workers
# (server-main.js, analysis-worker.js, feed-expansion-worker.js) and the operators' commands (cli-*.js), which `npm run
# admin|db:migrate|backup|restore` start through scripts/operator-cli.mjs. No TypeScript sources and
# no loader (tsx left with the dev dependencies). package.json marks the bundles as ES modules and
# holds those npm scripts. Root owns it all; the server only writes to /data.
COPY --from=build /app/package.json /app/package-lock.json ./
COPY --from=build /app/node_modules ./node_modules
COPY --from=build /app/build ./build
COPY --from=build /app/scripts/operator-cli.mjs /app/scripts/node-version.mjs /app/scripts/private-files.mjs ./scripts/
# The share images (/og/{page}.png) are SVG text drawn by sharp: the slim image has no fonts of its own.
# /backups is where compose.yaml's backup service mounts its volume: a new volume takes the owner of
# the folder it is mounted on, and the backup runs as node.
RUN apt-get update \
    && apt-get install -y --no-install-recommends fonts-dejavu-core \
    && rm -rf /var/lib/apt/lists/* \
    && mkdir -p /data /backups && chown node:node /data /backups
USER node
VOLUME ["/data"]
EXPOSE 3000
HEALTHCHECK --interval=30s --timeout=5s --start-period=30s --retries=3 \
    CMD ["node", "-e", "fetch('http://127.0.0.1:' + process.env.PORT + '/healthz').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# Exec form: node is PID 1 and gets SIGTERM itself, so in-flight requests finish before it exits.
# A young generation of 8 MB per semi-space: V8's default grows it under load and keeps the pages,
# about 150 MB more resident memory at idle after a busy minute (docs/benchmarks.md, bench:memory).
CMD ["node", "--max-semi-space-size=8", "build/server-main.js"]

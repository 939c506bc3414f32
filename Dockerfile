# syntax=docker/dockerfile:1
# The site's production image: Node 24 LTS (CI tests it beside Node 20), production dependencies only,
# run by the unprivileged `node` user, data in the /data volume. docs/deploy.md shows how to run it;
# `npm run lint` checks this file (scripts/lint-containers.ts).

# The bundles need the dev dependencies (React Router, Vite, esbuild); better-sqlite3 compiles here too.
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
# Sources stay beside the bundles: the analysis worker and the tools (npm run admin, db:migrate,
# backup, restore) run their TypeScript through tsx. Root owns them; the server only writes to /data.
COPY --from=build /app/package.json /app/package-lock.json ./
COPY --from=build /app/node_modules ./node_modules
COPY --from=build /app/build ./build
COPY --from=build /app/server ./server
COPY --from=build /app/common ./common
COPY --from=build /app/scripts ./scripts
# The share images (/og/{page}.png) are SVG text drawn by sharp: the slim image has no fonts of its own.
RUN apt-get update \
    && apt-get install -y --no-install-recommends fonts-dejavu-core \
    && rm -rf /var/lib/apt/lists/* \
    && mkdir -p /data && chown node:node /data
USER node
VOLUME ["/data"]
EXPOSE 3000
HEALTHCHECK --interval=30s --timeout=5s --start-period=30s --retries=3 \
    CMD ["node", "-e", "fetch('http://127.0.0.1:' + process.env.PORT + '/healthz').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# Exec form: node is PID 1 and gets SIGTERM itself, so in-flight requests finish before it exits.
CMD ["node", "build/server-main.js"]

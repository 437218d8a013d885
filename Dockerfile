# syntax=docker/dockerfile:1
# Video MER in a container: docs/operations.md "A production deployment". The web app is built
# once in the first stage; the image that runs holds Node.js, the server's runtime packages,
# its sources, migrations and the sample catalogue, and the built web app, all owned by root
# and read-only to the user the server runs as.

ARG NODE_IMAGE=node:24-slim

# ---- build: every package (tooling included) and the web app's bundle ----
FROM ${NODE_IMAGE} AS build
WORKDIR /app
# The package files alone first: the install layer is reused until they change.
COPY package.json package-lock.json ./
COPY packages/domain/package.json packages/domain/
COPY apps/server/package.json apps/server/
COPY apps/web/package.json apps/web/
COPY e2e/package.json e2e/
COPY bench/package.json bench/
RUN npm ci --no-audit --no-fund
COPY tsconfig.base.json ./
COPY packages/domain packages/domain
COPY apps/web apps/web
RUN npm run build

# ---- runtime: what the server runs, nothing else ----
FROM ${NODE_IMAGE} AS runtime
ENV NODE_ENV=production \
    PORT=3000 \
    DATA_DIR=/data
WORKDIR /app
COPY package.json package-lock.json ./
COPY packages/domain/package.json packages/domain/
COPY apps/server/package.json apps/server/
COPY apps/web/package.json apps/web/
COPY e2e/package.json e2e/
COPY bench/package.json bench/
# Only dependencies, never devDependencies (requirement N-09); npm's cache stays out of the image.
RUN npm ci --omit=dev --no-audit --no-fund \
    && npm cache clean --force \
    && mkdir -p /data \
    && chown node:node /data
COPY packages/domain/src packages/domain/src
COPY apps/server/src apps/server/src
COPY apps/server/migrations apps/server/migrations
COPY catalog catalog
COPY --from=build /app/apps/web/dist apps/web/dist

# The image's own unprivileged user (uid 1000). The root filesystem may be mounted read-only:
# the server writes only to DATA_DIR (the embedded database, unused with DATABASE_URL) and /tmp.
USER node
EXPOSE 3000
# node:24-slim has no curl: Node.js asks /api/health itself.
HEALTHCHECK --interval=30s --timeout=5s --start-period=60s --retries=3 \
    CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 3000) + '/api/health').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# Node.js directly, not npm: SIGTERM reaches the server, which finishes the requests in flight.
CMD ["node", "apps/server/src/main.ts"]

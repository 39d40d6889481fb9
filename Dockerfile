# Three stages on one base image, so the native module (better-sqlite3) built
# in one runs in the last: build the client and compile the server with every
# dependency; install the production dependencies alone; run as `node`.
FROM node:22-bookworm-slim AS build
WORKDIR /app
RUN apt-get update && apt-get install -y --no-install-recommends python3 make g++ && rm -rf /var/lib/apt/lists/*
COPY package.json package-lock.json ./
RUN npm ci
COPY . .
# dist/client (with .br and .gz beside each asset), dist/ssr (the web app for Node) and dist/server (plain JavaScript, no tsx at run time).
RUN npm run build

FROM node:22-bookworm-slim AS production-deps
WORKDIR /app
RUN apt-get update && apt-get install -y --no-install-recommends python3 make g++ && rm -rf /var/lib/apt/lists/*
COPY package.json package-lock.json ./
RUN npm ci --omit=dev && npm cache clean --force

FROM node:22-bookworm-slim
ENV NODE_ENV=production PORT=3000 DATA_DIR=/data
WORKDIR /app
# package.json says "type": "module", which the compiled server needs.
COPY package.json ./
COPY --from=production-deps /app/node_modules ./node_modules
COPY --from=build /app/dist/client ./dist/client
# The web app built for Node: the server renders a signed-in visitor's /home with it (docs/decisions/0058).
COPY --from=build /app/dist/ssr ./dist/ssr
COPY --from=build /app/dist/server ./dist/server
# Owned by the app user before the volume is declared: a new named volume
# copies this ownership, so uploads, mail and payments can be written.
RUN mkdir -p /data && chown node:node /data
VOLUME /data
USER node
EXPOSE 3000
# No curl in the slim image; node itself asks.
HEALTHCHECK --interval=10s --timeout=5s --start-period=30s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 3000) + '/healthz').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# A young generation of up to 64 MiB (docs/decisions/0066); the app processes of WEB_CONCURRENCY inherit the flag.
CMD ["node", "--max-semi-space-size=32", "--enable-source-maps", "dist/server/main.js"]

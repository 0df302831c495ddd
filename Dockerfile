# Plaza's production image: the compiled server and the built web app on Node.js 20, run as a
# non-root user. Build: docker build -t plaza . (see docs/operations.md, "Container image").
# NODE_IMAGE names the Node.js base; any Debian-based Node.js 20.19+ image with a `node` user works.
ARG NODE_IMAGE=node:20-bookworm-slim

# 1. Build: every dependency (dev ones too), then the web app (Vite) and the server bundle (esbuild).
FROM ${NODE_IMAGE} AS build
WORKDIR /app
COPY package.json package-lock.json ./
COPY packages/contract/package.json packages/contract/
COPY packages/server/package.json packages/server/
COPY packages/web/package.json packages/web/
COPY packages/e2e/package.json packages/e2e/
RUN npm ci --no-audit --no-fund --ignore-scripts && npm rebuild esbuild sharp
COPY tsconfig.base.json ./
COPY packages/contract packages/contract
COPY packages/server packages/server
COPY packages/web packages/web
RUN npm run build --workspace @plaza/web --workspace @plaza/server

# 2. Runtime dependencies of the server only: the packages its bundle leaves out (native code,
#    WebAssembly, files read at run time).
FROM ${NODE_IMAGE} AS runtime-deps
WORKDIR /app
COPY package.json package-lock.json ./
COPY packages/contract/package.json packages/contract/
COPY packages/server/package.json packages/server/
COPY packages/web/package.json packages/web/
COPY packages/e2e/package.json packages/e2e/
RUN npm ci --no-audit --no-fund --omit=dev --workspace @plaza/server --ignore-scripts \
  && npm rebuild sharp && npm cache clean --force

# 3. The image: compiled server, migrations, CLI, translations and web app; data in /data (PGlite, mail, uploads).
FROM ${NODE_IMAGE}
ENV NODE_ENV=production DATA_DIR=/data PORT=3000
WORKDIR /app
COPY --from=runtime-deps /app/node_modules node_modules
COPY --from=build /app/packages/server/package.json packages/server/
COPY --from=build /app/packages/server/bin packages/server/bin
COPY --from=build /app/packages/server/drizzle packages/server/drizzle
COPY --from=build /app/packages/server/dist packages/server/dist
COPY --from=build /app/packages/web/dist packages/web/dist
# The translations, read from disk at start (platform/i18n.ts).
COPY --from=build /app/packages/contract/locales packages/contract/locales
RUN mkdir -p /data && chown node:node /data \
  && ln -s /app/packages/server/bin/plaza.mjs /usr/local/bin/plaza
USER node
VOLUME /data
EXPOSE 3000
# Ready: the process is up and its database answers (GET /readyz; 503 while draining on SIGTERM).
HEALTHCHECK --interval=10s --timeout=3s --start-period=30s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/readyz').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
STOPSIGNAL SIGTERM
CMD ["node", "--max-semi-space-size=64", "packages/server/dist/main.js"]

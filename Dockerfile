# syntax=docker/dockerfile:1
# One image, two roles: the web BFF (default command) and the listings API
# (command: npx tsx listings-api/main.ts). See docker-compose.yml for the production topology.

FROM node:20-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build && npm prune --omit=dev

FROM node:20-bookworm-slim AS runtime
ENV NODE_ENV=production
WORKDIR /app
COPY --from=build --chown=node:node /app/package.json ./
COPY --from=build --chown=node:node /app/node_modules ./node_modules
COPY --from=build --chown=node:node /app/dist ./dist
COPY --from=build --chown=node:node /app/server ./server
COPY --from=build --chown=node:node /app/shared ./shared
# The server imports a few client modules at run time (route table, form queries, page state).
COPY --from=build --chown=node:node /app/client ./client
COPY --from=build --chown=node:node /app/listings-api ./listings-api
# The demo data generator: the listings API seeds an empty database on its first start.
COPY --from=build --chown=node:node /app/tools ./tools
COPY --from=build --chown=node:node /app/mails ./mails
COPY --from=build --chown=node:node /app/locales ./locales
RUN mkdir -p /app/.data && chown node:node /app/.data
USER node
EXPOSE 3000 4050
HEALTHCHECK --interval=10s --timeout=3s --retries=5 \
  CMD node -e "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/healthz').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"
# Node itself is PID 1, so SIGTERM (docker stop) reaches the main process, which stops the web
# processes (WEB_PROCESSES, default one per core) and, in embedded mode, the listings API.
CMD ["node", "--import", "tsx", "server/main.ts"]

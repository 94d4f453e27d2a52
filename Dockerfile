FROM node:20-bookworm-slim

WORKDIR /app

# Dependencies first, so source edits reuse the cached install layer. Dev dependencies
# are kept: the server runs through tsx and the client is built here with Vite.
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund && npm cache clean --force

COPY . .
RUN npm run build:client \
    && mkdir -p data \
    && chown node:node data

# Set after the build so `npm ci` above still installs dev dependencies.
# HOST: the app's default of 127.0.0.1 would be unreachable from outside the container.
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=3000

USER node
EXPOSE 3000

# The API refuses requests without X-Requested-With (403), so the probe must send it.
HEALTHCHECK --interval=10s --timeout=5s --start-period=60s --retries=3 \
    CMD ["node", "-e", "fetch(`http://127.0.0.1:${process.env.PORT}/api/v1/health`, { headers: { 'X-Requested-With': 'XMLHttpRequest' }, signal: AbortSignal.timeout(4000) }).then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]

# tsx as a loader inside one node process: `docker stop`'s SIGTERM reaches the app's
# own shutdown handler. Under `npx tsx` npm exits on the signal and leaves the server
# running until the container is killed. The flags are npm start's (package.json).
CMD ["node", "--max-semi-space-size=64", "--import", "tsx", "server/main.ts"]

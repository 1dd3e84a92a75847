# syntax=docker/dockerfile:1
# Travel Places: the README's install and start commands in a container (docs/deploy.md).
#   docker build -t travel-places .
#   docker run -p 3000:3000 -v travel-places-data:/data -e ADMIN_PASSWORD=... travel-places

# Build: exactly the lock file, then the production build, then only what runs stays.
FROM node:24-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY . .
# `npm start` builds only when dist/.build-stamp is older than the sources (and the build tools are
# installed): mark this build current, after the prune that rewrites the lock file.
RUN npm run build && npm prune --omit=dev --no-audit --no-fund \
  && node -e "require('node:fs').writeFileSync('dist/.build-stamp', new Date().toISOString())"

# Run: Node 24 LTS, as the unprivileged `node` user, data in a volume.
FROM node:24-bookworm-slim
ENV NODE_ENV=production HOST=0.0.0.0 PORT=3000 DATA_DIR=/data
WORKDIR /app
COPY --from=build /app/package.json /app/package-lock.json ./
COPY --from=build /app/node_modules ./node_modules
COPY --from=build /app/dist ./dist
COPY --from=build /app/scripts/start.mjs ./scripts/start.mjs
COPY --from=build /app/migrations ./migrations
RUN mkdir -p /data && chown node:node /data
USER node
VOLUME ["/data"]
EXPOSE 3000
HEALTHCHECK --interval=30s --timeout=5s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch(`http://127.0.0.1:${process.env.PORT}/api/health`).then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
CMD ["npm", "start"]

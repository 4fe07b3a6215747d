# The production server in one image: API, media and the storefront in one process (docs/deploy.md).
#   docker build -t khukuri-shop .
#   docker run -p 8000:8000 -v shop-data:/data khukuri-shop
# The same image runs the API alone (CMD node apps/api/dist/server.js) or the storefront alone (API_URL set).

# --- build: every dependency, then `npm run build`, then only what runs in production is kept ---
FROM node:24-bookworm-slim AS build
WORKDIR /app
# The manifests first, so that the dependency layer is reused while only sources change.
COPY package.json package-lock.json ./
COPY packages/contracts/package.json packages/contracts/
COPY apps/api/package.json apps/api/
COPY apps/storefront/package.json apps/storefront/
COPY apps/admin/package.json apps/admin/
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build && npm prune --omit=dev --no-audit --no-fund

# --- run ---
FROM node:24-bookworm-slim
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=8000 \
    DATA_DIR=/data \
    LOG_FORMAT=json
WORKDIR /app
# The built servers (apps/*/dist, apps/storefront/build) with the workspace links and production packages they load,
# the SQL migrations and the API's resources, all at the paths the servers find them from their own location.
COPY --from=build /app /app
RUN mkdir -p /data && chown node:node /data
USER node
VOLUME ["/data"]
EXPOSE 8000
HEALTHCHECK --interval=30s --timeout=5s --start-period=120s \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.PORT||8000)+'/api/health/').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
CMD ["node", "--enable-source-maps", "apps/storefront/dist/main.js"]

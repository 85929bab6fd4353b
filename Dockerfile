# One image for the web app and the worker (docker-compose.yml picks the command).
FROM node:20-bookworm-slim
WORKDIR /app
ENV NODE_ENV=production SIGNALPOST_DATA_DIR=/data
COPY package.json package-lock.json ./
# Dev dependencies are needed: the worker and migrations run TypeScript through tsx, and the image builds the Remix app.
RUN npm install --include=dev --no-audit --no-fund
COPY . .
# npm run build regenerates the connector and destination indexes first (decision 0870).
RUN npm run build
EXPOSE 3000
CMD ["sh", "-c", "node --import tsx db/migrate-cli.ts && node --import tsx db/seed-cli.ts && exec node --import tsx scripts/runtime/web-server.ts build/index.js"]

import { createDb, type DB } from "../../db/connection.js";
import { runtimeSettings } from "../../lib/env.js";

declare global {
  // Survives module reloads in development so we do not leak pools.
  var __signalpostDb: DB | undefined;
}

export function getDb(): DB {
  if (!globalThis.__signalpostDb) {
    const url = runtimeSettings.databaseUrl();
    if (!url) throw new Error("DATABASE_URL is not set: start the product with `npm start`");
    globalThis.__signalpostDb = createDb(url);
  }
  return globalThis.__signalpostDb;
}

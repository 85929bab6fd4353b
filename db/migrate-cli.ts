import { createDb } from "./connection.js";
import { migrateToLatest } from "./migrate.js";
import { runtimeSettings } from "../lib/env.js";

const url = runtimeSettings.databaseUrl();
if (!url) {
  console.error("DATABASE_URL is not set");
  process.exit(2);
}
const db = createDb(url, { max: 1 });
migrateToLatest(db)
  .then((names) => console.log(names.length ? `applied: ${names.join(", ")}` : "database is up to date"))
  .catch((error: unknown) => {
    console.error(error);
    process.exitCode = 1;
  })
  .finally(() => db.destroy());

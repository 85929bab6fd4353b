import { createDb } from "../db/connection.js";
import { seedDemo } from "./seed/index.js";
import { runtimeSettings } from "../lib/env.js";

const url = runtimeSettings.databaseUrl();
if (!url) {
  console.error("DATABASE_URL is not set");
  process.exit(2);
}
const db = createDb(url, { max: 1 });
seedDemo(db, console.log)
  .catch((error: unknown) => {
    console.error(error);
    process.exitCode = 1;
  })
  .finally(() => db.destroy());

import { createDb } from "./connection.js";
import { migrateToLatest } from "./migrate.js";

const url = process.env.DATABASE_URL;
if (!url) {
  console.error("DATABASE_URL is not set");
  process.exit(2);
}
const db = createDb(url, { max: 1 });
migrateToLatest(db)
  .then((names) => console.log(names.length ? `applied: ${names.join(", ")}` : "database is up to date"))
  .finally(() => db.destroy());

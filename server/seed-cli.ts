import { createDb } from "../db/connection.js";
import { seedDemo } from "./seed/index.js";

const url = process.env.DATABASE_URL;
if (!url) {
  console.error("DATABASE_URL is not set");
  process.exit(2);
}
const db = createDb(url, { max: 1 });
seedDemo(db, console.log).finally(() => db.destroy());

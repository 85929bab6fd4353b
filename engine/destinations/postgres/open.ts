import type { DestinationOpener } from "../types.js";
import { PostgresLoader } from "./loader.js";

export const open: DestinationOpener = (c, { outbound }) =>
  new PostgresLoader({ host: c.host!, username: c.username!, password: c.password!, database: c.database!, ssl: c.ssl === "true", outbound }, "postgres");

// Redshift requires TLS unless the operator turns it off for a local stand-in.
import { PostgresLoader } from "../postgres/loader.js";
import type { DestinationOpener } from "../types.js";

export const open: DestinationOpener = (c, { outbound }) =>
  new PostgresLoader({ host: c.host!, username: c.username!, password: c.password!, database: c.database!, ssl: c.ssl !== "false", outbound }, "redshift");

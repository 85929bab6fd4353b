import type { DestinationOpener } from "../types.js";
import { AzureSqlLoader } from "./loader.js";

export const open: DestinationOpener = (c, { outbound }) => new AzureSqlLoader({ host: c.host!, username: c.username!, password: c.password!, database: c.database!, outbound });

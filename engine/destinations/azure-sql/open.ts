import type { DestinationOpener } from "../types.js";
import { AzureSqlLoader } from "./loader.js";

export const open: DestinationOpener = (c) => new AzureSqlLoader({ host: c.host!, username: c.username!, password: c.password!, database: c.database! });

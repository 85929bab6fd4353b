import type { DestinationOpener } from "../types.js";
import { MysqlLoader } from "./loader.js";

export const open: DestinationOpener = (c, { outbound }) => new MysqlLoader({ host: c.host!, username: c.username!, password: c.password!, database: c.database!, outbound });

import { optionalSetting, type DestinationOpener } from "../types.js";
import { SnowflakeLoader } from "./loader.js";

export const open: DestinationOpener = (c, { outbound }) =>
  new SnowflakeLoader({
    host: c.host!,
    username: c.username!,
    password: c.password!,
    database: c.database!,
    warehouse: optionalSetting(c, "warehouse"),
    role: optionalSetting(c, "role"),
    endpoint: optionalSetting(c, "endpoint"),
    outbound,
  });

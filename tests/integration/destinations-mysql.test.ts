// The MySQL loader against a real MariaDB started for this file.
import type { Connection } from "mysql2/promise";
import mysql from "mysql2/promise";
import { afterAll, beforeAll } from "vitest";
import { MysqlLoader } from "../../engine/destinations/mysql/loader.js";
import { outboundGuard } from "../../lib/outbound/guard.js";
import { destinationConformance, type StoredRow } from "../support/destination-conformance.js";
import { startMariaDb, type LocalServer } from "../support/local-servers.js";

let server: LocalServer & { user: string; password: string };
let reader: Connection;

beforeAll(async () => {
  server = await startMariaDb();
  reader = await mysql.createConnection({ host: server.host, port: server.port, user: server.user, password: server.password, database: "signalpost_dest", dateStrings: true });
});

afterAll(async () => {
  await reader?.end();
  await server?.stop();
});

const config = (password?: string) => ({
  host: `${server.host}:${server.port}`,
  username: server.user,
  password: password ?? server.password,
  database: "signalpost_dest",
  outbound: outboundGuard(),
});

destinationConformance("MySQL (MariaDB)", {
  kind: "sql",
  open: async () => new MysqlLoader(config()),
  openRefused: async () => new MysqlLoader(config("wrong-password")),
  readRows: async (table): Promise<StoredRow[]> => {
    const [rows] = await reader.query(`SELECT * FROM \`${table}\``);
    return (rows as Record<string, unknown>[]).map((r) => ({
      account: r._account_id as string,
      date: String(r.date).slice(0, 10),
      campaign: r.campaign as string,
      clicks: Number(r.clicks),
      cost: Number(r.cost),
      extra: (r.extra as string | null | undefined) ?? null,
    }));
  },
});

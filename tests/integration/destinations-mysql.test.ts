// The MySQL loader against a real MariaDB started for this file.
import type { Connection } from "mysql2/promise";
import mysql from "mysql2/promise";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DestinationError } from "../../engine/destinations/errors.js";
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

describe("MySQL schema mismatch (issue 14)", () => {
  it("refuses rows a column retyped by hand cannot take as a config error (not retried), and keeps the scope's rows", async () => {
    await reader.query("DROP TABLE IF EXISTS retyped");
    await reader.query("CREATE TABLE retyped (_account_id VARCHAR(255), date DATE, campaign INT)");
    await reader.query("INSERT INTO retyped VALUES ('acc-1', '2024-03-01', 7)");
    const loader = new MysqlLoader(config());
    const table = { name: "retyped", columns: [{ name: "_account_id", type: "text" as const }, { name: "date", type: "date" as const }, { name: "campaign", type: "text" as const }], partitionColumns: ["date"] };
    try {
      const err = await loader
        .load({ table, scope: { accountId: "acc-1", dateColumn: "date", range: { start: "2024-03-01", end: "2024-03-01" } }, rows: [[{ date: "2024-03-01", campaign: "Brand - Search" }]] })
        .then(() => undefined, (e: unknown) => e);
      expect(err).toBeInstanceOf(DestinationError);
      expect(err).toMatchObject({ kind: "config", message: expect.stringContaining("The destination table does not accept these rows") });
    } finally {
      await loader.close();
    }
    const [rows] = await reader.query("SELECT _account_id, campaign FROM retyped");
    expect(rows).toEqual([{ _account_id: "acc-1", campaign: 7 }]);
  });
});

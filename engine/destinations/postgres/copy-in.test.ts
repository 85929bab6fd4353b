// The PostgreSQL loader against a server that leaves the protocol during COPY (tests/fakes/postgres):
// every surprise is a failed load with a DestinationError, never an exception thrown into pg's socket
// handler (which would kill the worker), never a load left hanging, and the loader closes cleanly.
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { PgClient } from "../../../db/pg-clients.js";
import { outboundGuard } from "../../../lib/outbound/guard.js";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { MID_COPY_ERROR, startFakePostgres, type CopyBehaviour, type FakeAuth, type FakePostgres } from "../../../tests/fakes/postgres/server.js";
import { DestinationError } from "../errors.js";
import type { Row } from "../../core/types.js";
import type { LoadRequest, LoadTable } from "../types.js";
import { copyIn, PG_QUERY_HANDLERS } from "./copy-in.js";
import { PostgresLoader } from "./loader.js";

const table: LoadTable = {
  name: "hostile_campaigns",
  columns: [
    { name: "_account_id", type: "text" },
    { name: "date", type: "date" },
    { name: "clicks", type: "double" },
  ],
  partitionColumns: ["date"],
};

/** Rows in three batches a few milliseconds apart, so the COPY is under way when the server acts. */
async function* rows(): AsyncIterable<Row[]> {
  for (let i = 0; i < 3; i++) {
    await new Promise((r) => setTimeout(r, 5));
    yield [{ date: "2024-01-02", clicks: i }];
  }
}

const request = (): LoadRequest => ({ table, scope: { accountId: "acct-1", dateColumn: "date", range: { start: "2024-01-01", end: "2024-01-03" } }, rows: rows() });

const uncaught: unknown[] = [];
const record = (error: unknown) => uncaught.push(error);
let fake: FakePostgres;

beforeAll(async () => {
  process.on("uncaughtException", record);
  process.on("unhandledRejection", record);
  fake = await startFakePostgres();
});

afterAll(async () => {
  process.off("uncaughtException", record);
  process.off("unhandledRejection", record);
  await fake.close();
});

afterEach(() => {
  fake.copy = "normal";
  expect(uncaught).toEqual([]);
});

function loaderFor(f: FakePostgres): PostgresLoader {
  const c = f.config();
  return new PostgresLoader({ host: c.host!, username: c.username!, password: c.password!, database: c.database!, outbound: outboundGuard() });
}

describe("the fake PostgreSQL server", () => {
  for (const auth of ["md5", "cleartext", "trust"] satisfies FakeAuth[]) {
    it(`passes the connection check and takes a whole load when it behaves (${auth} authentication)`, async () => {
      const own = await startFakePostgres({ auth });
      const loader = loaderFor(own);
      try {
        await loader.check();
        await loader.prepare(table);
        expect(await loader.load(request())).toEqual({ rows: 3, partitions: 3 });
      } finally {
        await loader.close();
        await own.close();
      }
      expect(own.copiedRows).toBe(3);
      expect(own.statements.some((s) => s.startsWith("SELECT pg_advisory_xact_lock"))).toBe(true);
      expect(own.statements.at(-1)).toBe("COMMIT");
    });
  }

  it("refuses a wrong password the way PostgreSQL does", async () => {
    const c = fake.config();
    const loader = new PostgresLoader({ host: c.host!, username: c.username!, password: "wrong", database: c.database!, outbound: outboundGuard() });
    await expect(loader.check()).rejects.toMatchObject({ kind: "config", message: expect.stringMatching(/password authentication failed/) });
    await loader.close();
  });
});

describe("a server that misbehaves on COPY", () => {
  const cases: { copy: CopyBehaviour; kind: string; message: RegExp }[] = [
    { copy: "ready-for-query", kind: "system", message: /broke the PostgreSQL protocol during COPY \(ReadyForQuery instead of CopyInResponse\)/ },
    { copy: "answer-rows", kind: "system", message: /broke the PostgreSQL protocol during COPY \(RowDescription in answer to COPY FROM STDIN\)/ },
    { copy: "close-mid-copy", kind: "transient", message: /closed the connection during the load|ECONNRESET/ },
    { copy: "error-mid-copy", kind: "transient", message: new RegExp(MID_COPY_ERROR.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")) },
  ];
  for (const c of cases) {
    it(`fails the load with a clear DestinationError and stays usable: ${c.copy}`, async () => {
      const loader = loaderFor(fake);
      await loader.prepare(table);
      fake.copy = c.copy;
      const error = await loader.load(request()).then(
        () => undefined,
        (e: unknown) => e,
      );
      expect(error).toBeInstanceOf(DestinationError);
      expect(error).toMatchObject({ kind: c.kind, message: expect.stringMatching(c.message) });
      expect(fake.statements.at(-1)).not.toBe("COMMIT");
      await loader.close();
      // The same loader reconnects for the next load (a dead connection is not reused).
      fake.copy = "normal";
      await loader.prepare(table);
      expect(await loader.load(request())).toMatchObject({ rows: 3 });
      await loader.close();
    });
  }
});

describe("copyIn", () => {
  it("turns every message pg may hand it out of the COPY flow into a stream error, never a throw", async () => {
    for (const name of PG_QUERY_HANDLERS.filter((n) => n !== "handleCopyInResponse" && n !== "handleError")) {
      let dropped = 0;
      const stream = copyIn("COPY t FROM STDIN", { destination: "postgres", host: "db.example:5432", dropConnection: () => dropped++ });
      const failed = new Promise<unknown>((resolve) => stream.once("error", resolve));
      const handler = (stream as unknown as Record<string, (...args: unknown[]) => void>)[name]!;
      expect(() => handler.call(stream, { text: "SELECT 1", fields: [] })).not.toThrow();
      const error = await failed;
      expect(error, name).toBeInstanceOf(DestinationError);
      expect((error as Error).message, name).toMatch(/^The server at db\.example:5432 broke the PostgreSQL protocol during COPY/);
      expect(dropped, name).toBe(1);
    }
  });

  it("cuts the connection when the server never answers the CopyFail of a failed source", async () => {
    const own = await startFakePostgres({ copy: "ignore-copy-fail" });
    const client = new PgClient({ host: own.host, port: own.port, user: own.user, password: own.password, database: own.database });
    await client.connect();
    let dropped = 0;
    const stream = client.query(
      copyIn("COPY t (x) FROM STDIN", { destination: "postgres", host: "fake", copyFailAnswerMs: 200, dropConnection: () => (dropped++, client.connection.stream.destroy()) }),
    );
    async function* failing() {
      yield "1\n";
      await new Promise((r) => setTimeout(r, 20));
      throw new Error("the platform went away");
    }
    await expect(pipeline(Readable.from(failing()), stream)).rejects.toThrow("the platform went away");
    // The loader's ROLLBACK queues behind the COPY: it settles only because the unanswered COPY is cut.
    await expect(client.query("ROLLBACK")).rejects.toThrow(/Connection terminated|not queryable/);
    expect(dropped).toBe(1);
    await client.end();
    await own.close();
  });
});

// A tiny PostgreSQL server on 127.0.0.1 that speaks enough of the frontend/backend protocol v3 for
// the PostgreSQL loader (engine/destinations/postgres) and node-postgres to run unchanged, and that
// misbehaves on COPY on request: the hostile destination of issue 14. It is not a database: every
// statement the loader sends gets a plausible answer (tables are remembered only as names), and
// COPY rows are counted, not stored. See README.md.
//
// Wire format: https://www.postgresql.org/docs/current/protocol-message-formats.html and
// https://www.postgresql.org/docs/current/protocol-flow.html (startup, simple and extended query,
// COPY IN).
import crypto from "node:crypto";
import net, { type AddressInfo } from "node:net";

/** What the server does when a COPY ... FROM STDIN arrives. */
export type CopyBehaviour =
  /** Like PostgreSQL: CopyInResponse, then CommandComplete "COPY n" after CopyDone. */
  | "normal"
  /** ReadyForQuery at once, as if the statement were over, instead of CopyInResponse. */
  | "ready-for-query"
  /** CopyInResponse, then the socket is closed on the first CopyData. */
  | "close-mid-copy"
  /** CopyInResponse, then an ErrorResponse (and ReadyForQuery) on the first CopyData. */
  | "error-mid-copy"
  /** Rows, as if COPY were a SELECT: RowDescription, DataRow, CommandComplete, ReadyForQuery. */
  | "answer-rows"
  /** Like "normal", but a CopyFail (the client giving up) is never answered. */
  | "ignore-copy-fail";

export type FakeAuth = "trust" | "cleartext" | "md5";

export interface FakePostgresOptions {
  user?: string;
  password?: string;
  database?: string;
  auth?: FakeAuth;
  copy?: CopyBehaviour;
}

export interface FakePostgres {
  host: string;
  port: number;
  user: string;
  password: string;
  database: string;
  /** Changed at any time; applies to the next COPY. */
  copy: CopyBehaviour;
  /** Every statement received (simple Query text or the Parse text of an extended query), in order. */
  readonly statements: string[];
  /** Rows received by COPYs that completed (counted by newline in the CSV). */
  copiedRows: number;
  /** The destination settings of the loader (the screen's form values). */
  config(): Record<string, string>;
  close(): Promise<void>;
}

/** The message of the ErrorResponse sent in "error-mid-copy" mode (SQLSTATE 53100, disk_full). */
export const MID_COPY_ERROR = 'could not extend file "base/16384/16385": No space left on device';

type Answer = { columns?: { name: string; oid: number }[]; rows?: (string | null)[][]; tag: string } | { error: { code: string; message: string } };

const OID = { text: 25, void: 2278, int4: 23 };

function message(type: string, body: Buffer = Buffer.alloc(0)): Buffer {
  const head = Buffer.alloc(5);
  head.write(type, 0, "latin1");
  head.writeInt32BE(body.length + 4, 1);
  return Buffer.concat([head, body]);
}

const cstr = (s: string) => Buffer.from(`${s}\0`, "utf8");
const int16 = (n: number) => {
  const b = Buffer.alloc(2);
  b.writeInt16BE(n);
  return b;
};
const int32 = (n: number) => {
  const b = Buffer.alloc(4);
  b.writeInt32BE(n);
  return b;
};

const readyForQuery = (status: "I" | "T" | "E") => message("Z", Buffer.from(status, "latin1"));
const commandComplete = (tag: string) => message("C", cstr(tag));
const errorResponse = (code: string, text: string) =>
  message("E", Buffer.concat([Buffer.from("S"), cstr("ERROR"), Buffer.from("V"), cstr("ERROR"), Buffer.from("C"), cstr(code), Buffer.from("M"), cstr(text), Buffer.from([0])]));
const rowDescription = (columns: { name: string; oid: number }[]) =>
  message("T", Buffer.concat([int16(columns.length), ...columns.map((c) => Buffer.concat([cstr(c.name), int32(0), int16(0), int32(c.oid), int16(-1), int32(-1), int16(0)]))]));
const dataRow = (values: (string | null)[]) =>
  message(
    "D",
    Buffer.concat([
      int16(values.length),
      ...values.map((v) => {
        if (v === null) return int32(-1);
        const b = Buffer.from(v, "utf8");
        return Buffer.concat([int32(b.length), b]);
      }),
    ]),
  );
const parameterStatus = (name: string, value: string) => message("S", Buffer.concat([cstr(name), cstr(value)]));

function md5(text: string | Buffer): string {
  return crypto.createHash("md5").update(text).digest("hex");
}

/** The answer a real server would give to each statement the loader sends (and nothing else). */
function answer(sql: string, tables: Set<string>): Answer {
  const s = sql.trim().replace(/\s+/g, " ");
  let m: RegExpExecArray | null;
  if ((m = /^CREATE (TEMPORARY )?TABLE (IF NOT EXISTS )?("?[^\s(]+"?)/i.exec(s))) {
    tables.add(m[3]!.replace(/"/g, ""));
    return { tag: "CREATE TABLE" };
  }
  if ((m = /^DROP TABLE (IF EXISTS )?("?[^\s;]+"?)/i.exec(s))) {
    tables.delete(m[2]!.replace(/"/g, ""));
    return { tag: "DROP TABLE" };
  }
  if (/^ALTER TABLE /i.test(s)) return { tag: "ALTER TABLE" };
  if (/^CREATE INDEX /i.test(s)) return { tag: "CREATE INDEX" };
  // No columns known: the loader then adds each of its columns (ALTER TABLE ... ADD COLUMN IF NOT EXISTS).
  if (/^SELECT column_name FROM information_schema\.columns/i.test(s)) return { columns: [{ name: "column_name", oid: OID.text }], rows: [], tag: "SELECT 0" };
  if (/^SELECT pg_advisory_xact_lock\(/i.test(s)) return { columns: [{ name: "pg_advisory_xact_lock", oid: OID.void }], rows: [[""]], tag: "SELECT 1" };
  if (/^SELECT 1\b/i.test(s)) return { columns: [{ name: "?column?", oid: OID.int4 }], rows: [["1"]], tag: "SELECT 1" };
  if (/^DELETE FROM /i.test(s)) return { tag: "DELETE 0" };
  if (/^(BEGIN|START TRANSACTION)/i.test(s)) return { tag: "BEGIN" };
  if (/^COMMIT/i.test(s)) return { tag: "COMMIT" };
  if (/^ROLLBACK/i.test(s)) return { tag: "ROLLBACK" };
  return { error: { code: "0A000", message: `the fake PostgreSQL server does not answer: ${s.slice(0, 80)}` } };
}

export async function startFakePostgres(opts: FakePostgresOptions = {}): Promise<FakePostgres> {
  const user = opts.user ?? "loader";
  const password = opts.password ?? "fake-secret";
  const database = opts.database ?? "warehouse";
  const auth = opts.auth ?? "md5";
  const sockets = new Set<net.Socket>();
  const tables = new Set<string>();
  let backendPid = 4000;

  const server = net.createServer((socket) => {
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
    socket.on("error", () => undefined); // the client may reset a connection the fake misbehaved on
    serve(socket);
  });

  function serve(socket: net.Socket) {
    let buffer = Buffer.alloc(0);
    let started = false;
    let authenticated = auth === "trust";
    let salt = Buffer.alloc(0);
    let inTransaction = false;
    let failedTransaction = false;
    /** COPY IN state: "copy" while rows flow, "ignore" after an error until CopyDone/CopyFail. */
    let copying: "no" | "copy" | "ignore" = "no";
    let copyRows = 0;
    // The extended query in progress (unnamed statement and portal only: all node-postgres uses here).
    let parsed = "";
    let skipUntilSync = false;

    const send = (...parts: Buffer[]) => {
      if (!socket.destroyed) socket.write(Buffer.concat(parts));
    };
    const status = () => (failedTransaction ? "E" : inTransaction ? "T" : "I");

    function track(a: Answer) {
      if ("error" in a) {
        if (inTransaction) failedTransaction = true;
        return;
      }
      if (a.tag === "BEGIN") inTransaction = true;
      if (a.tag === "COMMIT" || a.tag === "ROLLBACK") {
        inTransaction = false;
        failedTransaction = false;
      }
    }

    function results(a: Answer, describe: boolean): Buffer[] {
      if ("error" in a) return [errorResponse(a.error.code, a.error.message)];
      const out: Buffer[] = [];
      if (describe) out.push(a.columns ? rowDescription(a.columns) : message("n"));
      for (const r of a.rows ?? []) out.push(dataRow(r));
      out.push(commandComplete(a.tag));
      return out;
    }

    function simpleQuery(sql: string) {
      fake.statements.push(sql);
      if (/^\s*COPY\s.+FROM STDIN/is.test(sql)) return startCopy();
      if (failedTransaction && !/^\s*(ROLLBACK|COMMIT)/i.test(sql))
        return send(errorResponse("25P02", "current transaction is aborted, commands ignored until end of transaction block"), readyForQuery("E"));
      const a = /^\s*$/.test(sql) ? null : answer(sql, tables);
      if (!a) return send(message("I"), readyForQuery(status()));
      track(a);
      send(...results(a, true), readyForQuery(status()));
    }

    function startCopy() {
      if (fake.copy === "ready-for-query") return send(readyForQuery(status()));
      if (fake.copy === "answer-rows")
        return send(rowDescription([{ name: "copy", oid: OID.text }]), dataRow(["surprise"]), commandComplete("SELECT 1"), readyForQuery(status()));
      copying = "copy";
      copyRows = 0;
      // CopyInResponse: text format (0), no per-column formats listed.
      send(message("G", Buffer.concat([Buffer.from([0]), int16(0)])));
    }

    function copyData(body: Buffer) {
      if (copying !== "copy") return;
      if (fake.copy === "close-mid-copy") {
        socket.destroy();
        return;
      }
      if (fake.copy === "error-mid-copy") {
        copying = "ignore";
        if (inTransaction) failedTransaction = true;
        return send(errorResponse("53100", MID_COPY_ERROR), readyForQuery(status()));
      }
      for (const byte of body) if (byte === 10) copyRows++;
    }

    function copyDone() {
      const was = copying;
      copying = "no";
      if (was !== "copy") return;
      fake.copiedRows += copyRows;
      send(commandComplete(`COPY ${copyRows}`), readyForQuery(status()));
    }

    function copyFail(body: Buffer) {
      if (fake.copy === "ignore-copy-fail") return;
      const was = copying;
      copying = "no";
      if (was !== "copy") return;
      if (inTransaction) failedTransaction = true;
      send(errorResponse("57014", `COPY from stdin failed: ${body.toString("utf8").replace(/\0$/, "")}`), readyForQuery(status()));
    }

    function startup(body: Buffer) {
      const code = body.readInt32BE(0);
      if (code === 80877103) return void socket.write("N"); // SSLRequest: no TLS here
      if (code === 80877102) return void socket.destroy(); // CancelRequest: nothing to cancel
      if (code !== 196608) return void socket.destroy();
      const params: Record<string, string> = {};
      const parts = body.subarray(4).toString("utf8").split("\0");
      for (let i = 0; i + 1 < parts.length; i += 2) if (parts[i]) params[parts[i]!] = parts[i + 1]!;
      started = true;
      if (params.user !== user) return fatal("28000", `role "${params.user}" does not exist`);
      if (params.database !== database) return fatal("3D000", `database "${params.database}" does not exist`);
      if (authenticated) return welcome();
      if (auth === "cleartext") return send(message("R", int32(3)));
      salt = crypto.randomBytes(4);
      send(message("R", Buffer.concat([int32(5), salt])));
    }

    function passwordMessage(body: Buffer) {
      const given = body.toString("utf8").replace(/\0$/, "");
      const expected = auth === "cleartext" ? password : `md5${md5(Buffer.concat([Buffer.from(md5(password + user)), salt]))}`;
      if (given !== expected) return fatal("28P01", `password authentication failed for user "${user}"`);
      authenticated = true;
      welcome();
    }

    function welcome() {
      send(
        message("R", int32(0)),
        parameterStatus("server_version", "16.4"),
        parameterStatus("server_encoding", "UTF8"),
        parameterStatus("client_encoding", "UTF8"),
        parameterStatus("DateStyle", "ISO, MDY"),
        parameterStatus("integer_datetimes", "on"),
        parameterStatus("standard_conforming_strings", "on"),
        parameterStatus("TimeZone", "UTC"),
        message("K", Buffer.concat([int32(backendPid++), int32(crypto.randomInt(2 ** 31))])),
        readyForQuery("I"),
      );
    }

    function fatal(code: string, text: string) {
      socket.end(message("E", Buffer.concat([Buffer.from("S"), cstr("FATAL"), Buffer.from("C"), cstr(code), Buffer.from("M"), cstr(text), Buffer.from([0])])));
    }

    function extended(type: string, body: Buffer) {
      if (skipUntilSync && type !== "S") return;
      switch (type) {
        case "P": {
          const nameEnd = body.indexOf(0);
          const textEnd = body.indexOf(0, nameEnd + 1);
          parsed = body.subarray(nameEnd + 1, textEnd).toString("utf8");
          fake.statements.push(parsed);
          return send(message("1"));
        }
        case "B":
          return send(message("2"));
        case "D":
          return; // answered with Execute (RowDescription or NoData first)
        case "E": {
          if (failedTransaction && !/^\s*(ROLLBACK|COMMIT)/i.test(parsed)) {
            skipUntilSync = true;
            return send(errorResponse("25P02", "current transaction is aborted, commands ignored until end of transaction block"));
          }
          const a = answer(parsed, tables);
          track(a);
          if ("error" in a) skipUntilSync = true;
          return send(...results(a, true));
        }
        case "C":
          return send(message("3"));
        case "H":
          return;
        case "S":
          skipUntilSync = false;
          return send(readyForQuery(status()));
      }
    }

    socket.on("data", (chunk: Buffer) => {
      buffer = Buffer.concat([buffer, chunk]);
      for (;;) {
        if (!started) {
          if (buffer.length < 4) return;
          const len = buffer.readInt32BE(0);
          if (buffer.length < len) return;
          const body = buffer.subarray(4, len);
          buffer = buffer.subarray(len);
          startup(body);
          continue;
        }
        if (buffer.length < 5) return;
        const type = String.fromCharCode(buffer[0]!);
        const len = buffer.readInt32BE(1);
        if (buffer.length < len + 1) return;
        const body = buffer.subarray(5, len + 1);
        buffer = buffer.subarray(len + 1);
        if (socket.destroyed) return;
        if (type === "p") passwordMessage(body);
        else if (!authenticated) return void socket.destroy();
        else if (type === "X") return void socket.end();
        else if (type === "Q") simpleQuery(body.toString("utf8").replace(/\0$/, ""));
        else if (type === "d") copyData(body);
        else if (type === "c") copyDone();
        else if (type === "f") copyFail(body);
        else extended(type, body);
      }
    });
  }

  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  const fake: FakePostgres = {
    host: "127.0.0.1",
    port,
    user,
    password,
    database,
    copy: opts.copy ?? "normal",
    statements: [],
    copiedRows: 0,
    config: () => ({ host: `127.0.0.1:${port}`, username: user, password, database }),
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
  return fake;
}

// The embedded PostgreSQL's password (decision 0841): random per install, kept next to the data
// directory, never the default every install used to share; a cluster made with that default is
// moved to its own password at start, and keeps its data.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { PgClient, withPgClient } from "../../db/pg-clients.js";
import { freePort } from "../../scripts/runtime/ports.js";
import { startPostgresProcess } from "../../scripts/runtime/postgres-process.js";
import { passwordFileOf } from "../../scripts/runtime/postgres.js";

const roots: string[] = [];
function tempRoot(): string {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), "signalpost-pgpw-"));
  fs.chmodSync(root, 0o777); // the server runs as an unprivileged user when we are root
  roots.push(root);
  return root;
}
afterAll(() => {
  for (const r of roots) fs.rmSync(r, { recursive: true, force: true });
});

async function logsIn(port: number, password: string, database = "postgres"): Promise<boolean> {
  try {
    await withPgClient({ host: "127.0.0.1", port, user: "signalpost", password, database }, async () => undefined);
    return true;
  } catch (error) {
    if ((error as { code?: string }).code === "28P01") return false;
    throw error;
  }
}

describe("embedded PostgreSQL password", () => {
  it("is generated at first start, kept owner-only next to the data, different per install, and the old default is refused", async () => {
    const seen: string[] = [];
    for (let i = 0; i < 2; i++) {
      const dir = path.join(tempRoot(), "pg");
      const port = await freePort();
      const server = await startPostgresProcess({ dir, port });
      try {
        const file = passwordFileOf(dir);
        const password = fs.readFileSync(file, "utf8").trim();
        expect(password.length).toBeGreaterThanOrEqual(24);
        expect(fs.statSync(file).mode & 0o077).toBe(0);
        expect(decodeURIComponent(new URL(server.adminUrl).password)).toBe(password);
        expect(await logsIn(port, password)).toBe(true);
        expect(await logsIn(port, "signalpost")).toBe(false);
        seen.push(password);
      } finally {
        await server.stop();
      }
    }
    expect(seen[0]).not.toBe(seen[1]);
  });

  it("moves a cluster made with the old shared default to its own password at start, keeping its data", async () => {
    const dir = path.join(tempRoot(), "pg");
    const port = await freePort();
    // A data directory as every install had it: role password "signalpost", no password file.
    let server = await startPostgresProcess({ dir, port });
    const admin = new PgClient({ connectionString: server.adminUrl });
    await admin.connect();
    await admin.query("CREATE DATABASE kept");
    await admin.query("ALTER ROLE signalpost PASSWORD 'signalpost'");
    await admin.end();
    await server.stop();
    fs.rmSync(passwordFileOf(dir));

    server = await startPostgresProcess({ dir, port });
    try {
      const password = fs.readFileSync(passwordFileOf(dir), "utf8").trim();
      expect(password).not.toBe("signalpost");
      expect(await logsIn(port, password, "kept")).toBe(true);
      expect(await logsIn(port, "signalpost")).toBe(false);
    } finally {
      await server.stop();
    }
  });
});

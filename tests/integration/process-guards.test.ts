// The real worker (temporal/worker.ts) and web server (scripts/runtime/web-server.ts) processes,
// started as `npm start` starts them, outlive an unhandled promise rejection (logged, redacted) and
// still die of an uncaught exception (logged, redacted, exit code 1) for the supervisor to restart.
// tests/support/stdin-faults.mjs, preloaded, makes them fail on a line written to their stdin.
import { spawn, type ChildProcessWithoutNullStreams } from "node:child_process";
import path from "node:path";
import { Client, Connection } from "@temporalio/client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { inject } from "vitest";
import { freePort } from "../../scripts/runtime/ports.js";
import { WORKER_SCHEDULE_IDS } from "../../temporal/shared.js";
import { createTestDatabase } from "../support/database.js";

const root = path.resolve(__dirname, "../..");
const SECRET = "pa55w0rd-secret";

type Running = { child: ChildProcessWithoutNullStreams; out: () => string; err: () => string; exited: Promise<number | null> };

function start(entry: string[], env: Record<string, string>): Running {
  const child = spawn(process.execPath, ["--import", "tsx", "--import", "./tests/support/stdin-faults.mjs", ...entry], { cwd: root, env: { ...process.env, ...env } });
  let out = "";
  let err = "";
  child.stdout.on("data", (c) => (out += c));
  child.stderr.on("data", (c) => (err += c));
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  return { child, out: () => out, err: () => err, exited };
}

async function until(what: string, condition: () => boolean, p: Running): Promise<void> {
  let gone: number | null | undefined;
  void p.exited.then((code) => (gone = code));
  while (!condition()) {
    if (gone !== undefined) throw new Error(`the process exited (code ${gone}) before ${what}:\n${p.err().slice(-3000)}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** Makes the process reject a promise nobody handles, then proves it still answers, then makes it throw. */
async function survivesRejectionDiesOfThrow(p: Running, name: string, stillServes?: () => Promise<void>) {
  p.child.stdin.write("reject\n");
  await until("logging the rejection", () => p.err().includes(`[${name}] unhandled promise rejection`), p);
  p.child.stdin.write("ping\n");
  await until("answering after the rejection", () => p.out().includes("pong"), p);
  expect(p.child.exitCode).toBeNull();
  await stillServes?.();
  expect(p.err()).toContain(`[${name}] unhandled promise rejection (the process keeps serving): Error: run 7 failed: postgres://loader:[REDACTED]@db.example/wh`);

  p.child.stdin.write("throw\n");
  expect(await p.exited).toBe(1);
  expect(p.err()).toContain(`[${name}] uncaught exception, exiting: Error: listener failed: postgres://loader:[REDACTED]@db.example/wh`);
  expect(p.err()).not.toContain(SECRET);
}

describe("the worker and web processes and errors nobody caught", () => {
  let dbUrl: string;
  let drop: () => Promise<void>;
  const started: Running[] = [];

  beforeAll(async () => {
    ({ url: dbUrl, drop } = await createTestDatabase());
  });

  afterAll(async () => {
    for (const p of started) if (p.child.exitCode === null && p.child.signalCode === null) p.child.kill("SIGKILL");
    await Promise.all(started.map((p) => p.exited));
    // The worker ensured the monitoring schedules on its task queue: remove them like the worker harness does.
    const connection = await Connection.connect({ address: inject("temporalAddress") });
    const client = new Client({ connection });
    for (const id of WORKER_SCHEDULE_IDS) await client.schedule.getHandle(id).delete().catch(() => undefined);
    await connection.close();
    await drop?.();
  });

  it("the worker logs an unhandled rejection and keeps polling; an uncaught exception ends it with code 1", async () => {
    const taskQueue = `guards-${process.pid}`;
    const worker = start(["temporal/worker.ts"], { DATABASE_URL: dbUrl, TEMPORAL_ADDRESS: inject("temporalAddress"), TEMPORAL_TASK_QUEUE: taskQueue });
    started.push(worker);
    await until("polling", () => worker.out().includes(`[worker] polling task queue ${taskQueue}`), worker);
    await survivesRejectionDiesOfThrow(worker, "worker");
  }, 120_000);

  it("the web server does the same", async () => {
    const port = await freePort();
    const web = start(["scripts/runtime/web-server.ts", "tests/support/empty-remix-build.mjs"], { PORT: String(port), HOST: "127.0.0.1" });
    started.push(web);
    await until("listening", () => web.out().includes(`[web] http://localhost:${port}`), web);
    await survivesRejectionDiesOfThrow(web, "web", async () => {
      expect((await fetch(`http://127.0.0.1:${port}/favicon.ico`)).status).toBe(200);
    });
  }, 60_000);
});

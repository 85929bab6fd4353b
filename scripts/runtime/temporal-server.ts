import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import path from "node:path";
import { toolCacheDir } from "../../lib/paths.js";

export const TEMPORAL_CLI_VERSION = "1.5.1";

/** Where scripts/install-temporal.sh puts the CLI; TEMPORAL_CLI overrides it. */
export function temporalCliPath(): string {
  if (process.env.TEMPORAL_CLI) return process.env.TEMPORAL_CLI;
  return path.join(toolCacheDir, `temporal-${TEMPORAL_CLI_VERSION}`, "temporal");
}

export type RunningTemporal = { address: string; uiUrl: string; stop: () => Promise<void>; process: ChildProcess };

export async function waitForPort(host: string, port: number, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const ok = await new Promise<boolean>((resolve) => {
      const socket = net.connect({ host, port }, () => {
        socket.end();
        resolve(true);
      });
      socket.on("error", () => resolve(false));
    });
    if (ok) return;
    if (Date.now() > deadline) throw new Error(`Nothing listening on ${host}:${port} after ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

/**
 * Runs `temporal server start-dev`: a full Temporal server with its Web UI in one process.
 * With dbFile the history survives restarts (SQLite); without it everything lives in memory (tests).
 */
export async function startTemporalDevServer(opts: {
  port: number;
  uiPort: number;
  dbFile?: string;
  log?: (m: string) => void;
}): Promise<RunningTemporal> {
  const bin = temporalCliPath();
  if (!fs.existsSync(bin)) {
    throw new Error(`Temporal CLI not found at ${bin}. Run "bash scripts/setup.sh" (it builds it with Go), or set TEMPORAL_ADDRESS to an existing cluster.`);
  }
  const args = ["server", "start-dev", "--ip", "127.0.0.1", "--port", String(opts.port), "--ui-port", String(opts.uiPort), "--log-level", "error", "--namespace", "default"];
  if (opts.dbFile) {
    fs.mkdirSync(path.dirname(opts.dbFile), { recursive: true });
    args.push("--db-filename", opts.dbFile);
  }
  const child = spawn(bin, args, { stdio: ["ignore", "pipe", "pipe"] });
  child.stdout?.on("data", (d) => opts.log?.(`[temporal] ${String(d).trimEnd()}`));
  child.stderr?.on("data", (d) => opts.log?.(`[temporal] ${String(d).trimEnd()}`));
  const exited = new Promise<never>((_, reject) => child.once("exit", (code) => reject(new Error(`Temporal dev server exited with code ${code}`))));
  exited.catch(() => {});
  try {
    await Promise.race([waitForPort("127.0.0.1", opts.port, 60_000), exited]);
    // The frontend port opens before the default namespace is ready; the UI port comes last.
    await Promise.race([waitForPort("127.0.0.1", opts.uiPort, 60_000), exited]);
  } catch (error) {
    // A server that never became ready must not keep the ports from the next attempt.
    child.kill("SIGKILL");
    throw error;
  }
  return {
    address: `127.0.0.1:${opts.port}`,
    uiUrl: `http://127.0.0.1:${opts.uiPort}`,
    process: child,
    stop: async () => {
      if (child.exitCode !== null) return;
      const done = new Promise((r) => child.once("exit", r));
      child.kill("SIGTERM");
      const timer = setTimeout(() => child.kill("SIGKILL"), 10_000);
      await done;
      clearTimeout(timer);
    },
  };
}

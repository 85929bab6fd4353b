// The production web server (scripts/runtime/web-server.ts over the Remix build) inside a test
// process, on a free port, using the test's database (the build's getDb() reads the same global
// pool). For what only the real server shows: headers every response carries, preflights that
// must never reach Remix, the document's Content-Security-Policy. startSourceApp serves the
// route modules from source instead, for the sweeps over every route (tests/security).
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { installGlobals, type ServerBuild } from "@remix-run/node";
import { createWebApp, loadBuild } from "../../scripts/runtime/web-server.js";
import { sourceServerBuild } from "./route-list.js";

const root = path.resolve(__dirname, "../..");
const stamp = path.join(root, "build/version.txt");

function newestMtime(dir: string): number {
  let newest = 0;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === "node_modules" || entry.name.startsWith(".")) continue;
    const full = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(full) : fs.statSync(full).mtimeMs);
  }
  return newest;
}

/** Rebuilds the app when any source it bundles is newer than the last build (a stale build would test old code). */
export function ensureBuild(): void {
  const built = fs.existsSync(stamp) ? fs.statSync(stamp).mtimeMs : 0;
  const sources = Math.max(...["app", "server", "db", "lib", "engine", "temporal"].map((d) => newestMtime(path.join(root, d))));
  if (built > sources) return;
  const out = spawnSync(process.execPath, [path.join(root, "node_modules/@remix-run/dev/dist/cli.js"), "build"], {
    cwd: root,
    encoding: "utf8",
    env: { ...process.env, NODE_ENV: "production" },
  });
  if (out.status !== 0) throw new Error(`remix build failed: ${out.stderr}`);
}

export type ServedApp = { url: string; close: () => Promise<void> };

/** The web server over a build, on a free port. */
async function serveApp(build: ServerBuild): Promise<ServedApp> {
  const app = createWebApp(build, { accessLog: false, mode: "production" });
  const server = app.listen(0, "127.0.0.1");
  await new Promise<void>((resolve) => server.once("listening", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://localhost:${port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export async function startBuiltApp(): Promise<ServedApp> {
  ensureBuild();
  return serveApp(await loadBuild(path.join(root, "build/index.js")));
}

/**
 * The same server over the route modules imported from source (sourceServerBuild), with Remix's
 * fetch globals installed as the web server's main() does (they are what parse request bodies):
 * no build step, and the code under test is the code the test's own factories use.
 */
export async function startSourceApp(): Promise<ServedApp> {
  const build = await sourceServerBuild();
  installGlobals({ nativeFetch: build.future.v3_singleFetch });
  return serveApp(build);
}

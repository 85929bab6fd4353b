import path from "node:path";
import os from "node:os";
import { fileURLToPath } from "node:url";
import { runtimeSettings } from "./env.js";

/** Repository root, resolved from this file so that scripts work from any cwd. */
export const projectRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

/**
 * Local state (embedded PostgreSQL, Temporal's SQLite, dev keys, mail outbox). Never committed.
 * Read on every call: test stacks point SIGNALPOST_DATA_DIR elsewhere after start-up.
 */
export function dataDir(): string {
  const configured = runtimeSettings.dataDir();
  return configured ? path.resolve(configured) : path.join(projectRoot, ".data");
}

/** Tools built once per machine (Temporal CLI, stripe-mock) live outside the clone so CI reuses them. */
export const toolCacheDir = path.join(
  runtimeSettings.cacheHome() || path.join(os.homedir(), ".cache"),
  "signalpost",
);

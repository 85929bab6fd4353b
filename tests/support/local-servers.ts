// Third-party servers the destination tests start for themselves, each on a free loopback port under
// a temporary directory, stopped by the returned function. Installed by scripts/setup.d/*.sh.
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { freePort } from "../../scripts/runtime/ports.js";

export interface LocalServer {
  host: string;
  port: number;
  dir: string;
  stop: () => Promise<void>;
}

export const cacheDir = path.join(process.env.XDG_CACHE_HOME ?? path.join(os.homedir(), ".cache"), "signalpost");

async function waitForPort(port: number, child: ChildProcess, log: () => string, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited (${child.exitCode}): ${log()}`);
    const ok = await new Promise<boolean>((resolve) => {
      const s = net.connect(port, "127.0.0.1");
      s.once("connect", () => (s.destroy(), resolve(true)));
      s.once("error", () => resolve(false));
    });
    if (ok) return;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`server did not listen on ${port} in time: ${log()}`);
}

function startProcess(command: string, args: string[], dir: string, port: number, env: Record<string, string> = {}): Promise<LocalServer> {
  const logFile = path.join(dir, "server.log");
  const out = fs.openSync(logFile, "a");
  const child = spawn(command, args, { cwd: dir, stdio: ["ignore", out, out], env: { ...process.env, ...env } });
  const log = () => fs.readFileSync(logFile, "utf8").slice(-2000);
  const stop = async () => {
    if (child.exitCode === null) {
      child.kill("SIGTERM");
      await new Promise<void>((resolve) => {
        const t = setTimeout(() => (child.kill("SIGKILL"), resolve()), 10_000);
        child.once("exit", () => (clearTimeout(t), resolve()));
      });
    }
    fs.rmSync(dir, { recursive: true, force: true });
  };
  return waitForPort(port, child, log).then(
    () => ({ host: "127.0.0.1", port, dir, stop }),
    async (e) => {
      await stop();
      throw e;
    },
  );
}

function tempDir(prefix: string): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `signalpost-${prefix}-`));
  fs.chmodSync(dir, 0o777);
  return dir;
}

/** Debian's MariaDB (scripts/setup.d/mariadb.sh), with a user `sp` / `sp-password` that may do anything. */
export async function startMariaDb(): Promise<LocalServer & { user: string; password: string }> {
  const dir = tempDir("mariadb");
  const data = path.join(dir, "data");
  const init = spawnSync(
    "mariadb-install-db",
    ["--no-defaults", `--datadir=${data}`, "--user=root", "--auth-root-authentication-method=normal", "--skip-test-db"],
    { encoding: "utf8" },
  );
  if (init.status !== 0) throw new Error(`mariadb-install-db failed: ${init.stderr || init.stdout}`);
  const port = await freePort();
  const initFile = path.join(dir, "init.sql");
  fs.writeFileSync(initFile, "CREATE USER IF NOT EXISTS 'sp'@'%' IDENTIFIED BY 'sp-password';\nGRANT ALL ON *.* TO 'sp'@'%';\nCREATE DATABASE IF NOT EXISTS signalpost_dest;\n");
  const server = await startProcess(
    fs.existsSync("/usr/sbin/mariadbd") ? "/usr/sbin/mariadbd" : "mariadbd",
    [
      "--no-defaults",
      `--datadir=${data}`,
      `--port=${port}`,
      "--bind-address=127.0.0.1",
      `--socket=${path.join(dir, "mysqld.sock")}`,
      `--pid-file=${path.join(dir, "mysqld.pid")}`,
      "--user=root",
      "--skip-name-resolve",
      `--init-file=${initFile}`,
      "--innodb-buffer-pool-size=128M",
      "--max-allowed-packet=64M",
    ],
    dir,
    port,
  );
  return { ...server, user: "sp", password: "sp-password" };
}

/** Azurite's well-known development account (https://learn.microsoft.com/azure/storage/common/storage-use-azurite#well-known-storage-account-and-key). */
const AZURITE_KEY = "Eby8vdM02xNOcqFlqUwJPLlmEtlCDXJ1OUzFT50uSRZ6IFsuFq2UVErCz4I6tq/K1SZFPTOtr/KBHBeksoGMGw==";

/** Azurite's blob service (scripts/setup.d/azurite.sh). */
export async function startAzurite(): Promise<LocalServer & { connectionString: (key?: string) => string }> {
  const bin = path.join(process.env.AZURITE_DIR ?? path.join(cacheDir, "azurite-3.37.0"), "node_modules/.bin/azurite-blob");
  if (!fs.existsSync(bin)) throw new Error(`azurite is not installed at ${bin}: run scripts/setup.d/azurite.sh`);
  const dir = tempDir("azurite");
  const port = await freePort();
  const server = await startProcess(bin, ["--blobHost", "127.0.0.1", "--blobPort", String(port), "--location", dir, "--skipApiVersionCheck", "--loose", "--silent"], dir, port);
  return {
    ...server,
    connectionString: (key = AZURITE_KEY) =>
      `DefaultEndpointsProtocol=http;AccountName=devstoreaccount1;AccountKey=${key};BlobEndpoint=http://127.0.0.1:${port}/devstoreaccount1;`,
  };
}

/** fake-gcs-server in memory (scripts/setup.d/fake-gcs-server.sh). */
export async function startFakeGcs(): Promise<LocalServer & { endpoint: string }> {
  const bin = process.env.FAKE_GCS_SERVER ?? path.join(cacheDir, "fake-gcs-server-1.56.1", "fake-gcs-server");
  if (!fs.existsSync(bin)) throw new Error(`fake-gcs-server is not installed at ${bin}: run scripts/setup.d/fake-gcs-server.sh`);
  const dir = tempDir("fake-gcs");
  const port = await freePort();
  const server = await startProcess(
    bin,
    ["-scheme", "http", "-host", "127.0.0.1", "-port", String(port), "-backend", "memory", "-public-host", `127.0.0.1:${port}`, "-log-level", "error"],
    dir,
    port,
  );
  return { ...server, endpoint: `http://127.0.0.1:${port}` };
}

/** MinIO single-node server (scripts/setup.d/minio.sh). */
export async function startMinio(): Promise<LocalServer & { endpoint: string; accessKey: string; secretKey: string }> {
  const bin = process.env.MINIO_BIN ?? path.join(cacheDir, "minio-20260212", "minio");
  if (!fs.existsSync(bin)) throw new Error(`minio is not installed at ${bin}: run scripts/setup.d/minio.sh`);
  const dir = tempDir("minio");
  const port = await freePort();
  const consolePort = await freePort();
  const accessKey = "signalpost";
  const secretKey = "signalpost-secret";
  const server = await startProcess(
    bin,
    ["server", path.join(dir, "data"), "--address", `127.0.0.1:${port}`, "--console-address", `127.0.0.1:${consolePort}`, "--quiet"],
    dir,
    port,
    { MINIO_ROOT_USER: accessKey, MINIO_ROOT_PASSWORD: secretKey, MINIO_BROWSER: "off", MINIO_UPDATE: "off" },
  );
  return { ...server, endpoint: `http://127.0.0.1:${port}`, accessKey, secretKey };
}

/**
 * fakesnow's server (scripts/setup.d/fakesnow.sh) behind tests/support/fakesnow_node.py, which
 * re-encodes its Arrow results as the JSON results the Node driver reads and, with `password`, refuses
 * logins with another password the way Snowflake does. One in-memory database for all sessions.
 */
export async function startFakesnow(password: string): Promise<LocalServer & { endpoint: string }> {
  const dir = process.env.FAKESNOW_DIR ?? path.join(cacheDir, "fakesnow-0.12.1");
  const python = path.join(dir, "bin", "python");
  if (!fs.existsSync(path.join(dir, "bin", "fakesnow"))) throw new Error(`fakesnow is not installed in ${dir}: run scripts/setup.d/fakesnow.sh`);
  const work = tempDir("fakesnow");
  const port = await freePort();
  const bridge = decodeURIComponent(new URL("fakesnow_node.py", import.meta.url).pathname);
  const server = await startProcess(python, [bridge, "--port", String(port), "--password", password], work, port);
  return { ...server, endpoint: `http://127.0.0.1:${port}` };
}

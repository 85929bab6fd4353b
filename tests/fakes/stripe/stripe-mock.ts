import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { freePort } from "../../../scripts/runtime/ports.js";

/** Where scripts/setup.d/stripe-mock.sh installs the pinned stripe-mock. */
export function stripeMockBinary(): string {
  if (process.env.STRIPE_MOCK_BIN) return process.env.STRIPE_MOCK_BIN;
  const cache = path.join(process.env.XDG_CACHE_HOME || path.join(os.homedir(), ".cache"), "signalpost");
  return path.join(cache, "stripe-mock-0.203.0", "stripe-mock");
}

/** Starts Stripe's official API mock on a free loopback port and waits until it answers. */
export async function startStripeMock(): Promise<{ url: string; stop: () => Promise<void> }> {
  const bin = stripeMockBinary();
  if (!fs.existsSync(bin)) throw new Error(`stripe-mock is not installed at ${bin}: run bash -c 'source scripts/lib.sh; source scripts/setup.d/stripe-mock.sh'`);
  const port = await freePort();
  // stripe-mock also opens HTTPS (default :12112) and exits if that port is taken: give it its own.
  const child: ChildProcess = spawn(bin, ["-http-addr", `127.0.0.1:${port}`, "-https-addr", `127.0.0.1:${await freePort()}`], { stdio: "ignore" });
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 20_000;
  for (;;) {
    try {
      const res = await fetch(`${url}/v1/customers`, { headers: { authorization: "Bearer sk_test_123" } });
      if (res.status < 500) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline || child.exitCode !== null) throw new Error("stripe-mock did not start");
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    url,
    stop: async () => {
      if (child.exitCode !== null) return;
      const exited = new Promise((r) => child.once("exit", r));
      child.kill("SIGTERM");
      await exited;
    },
  };
}

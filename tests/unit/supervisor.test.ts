// The restart policy of `npm start` (scripts/runtime/supervisor.ts, decision 0810) on real child
// processes: tiny `node -e` scripts that exit, crash, get killed or refuse to stop.
import { spawn } from "node:child_process";
import { afterEach, describe, expect, it } from "vitest";
import { processAlive } from "../../scripts/runtime/process-alive.js";
import { restartDelay, supervise, type Launched, type RestartPolicy, type Supervisor, type SupervisorEvent } from "../../scripts/runtime/supervisor.js";

const FOREVER = "setInterval(() => {}, 1000);";

/** A child running `code`; resolves once it printed "ready" when `waitReady` (its signal handlers are set). */
function nodeChild(code: string, waitReady = false): Launched | Promise<Launched> {
  const child = spawn(process.execPath, ["-e", code], { stdio: ["ignore", "pipe", "inherit"] });
  if (!waitReady) return { child };
  return new Promise((resolve) => child.stdout.once("data", () => resolve({ child })));
}

/** Events of one supervisor, and a way to wait for the one a test expects next. */
function recorder() {
  const events: SupervisorEvent[] = [];
  const waiters: { match: (e: SupervisorEvent) => boolean; resolve: (e: SupervisorEvent) => void }[] = [];
  return {
    events,
    log: (_line: string, event: SupervisorEvent) => {
      events.push(event);
      for (const w of [...waiters]) {
        if (!w.match(event)) continue;
        waiters.splice(waiters.indexOf(w), 1);
        w.resolve(event);
      }
    },
    /** The n-th event (1-based) of that type, now or once it happens. */
    nth<T extends SupervisorEvent["type"]>(type: T, n: number): Promise<Extract<SupervisorEvent, { type: T }>> {
      const count = () => events.filter((e) => e.type === type).length;
      const found = events.filter((e) => e.type === type)[n - 1];
      if (found) return Promise.resolve(found as Extract<SupervisorEvent, { type: T }>);
      return new Promise((resolve) => waiters.push({ match: (e) => e.type === type && count() === n, resolve: resolve as (e: SupervisorEvent) => void }));
    },
    of<T extends SupervisorEvent["type"]>(type: T) {
      return events.filter((e): e is Extract<SupervisorEvent, { type: T }> => e.type === type);
    },
  };
}

const running: Supervisor[] = [];
afterEach(async () => {
  await Promise.all(running.splice(0).map((s) => s.stop()));
});

function start(launch: () => Launched | Promise<Launched>, policy: RestartPolicy, extra: { stopTimeoutMs?: number } = {}) {
  const rec = recorder();
  const s = supervise({ name: "child", launch, policy, log: rec.log, ...extra });
  running.push(s);
  return { s, rec };
}

describe("restartDelay", () => {
  const policy = { initialDelayMs: 1000, maxDelayMs: 30_000, resetAfterMs: 60_000 };
  it("starts at the first delay, doubles on each quick exit, stops at the cap", () => {
    const delays: number[] = [];
    let previous: number | undefined;
    for (let i = 0; i < 8; i++) delays.push((previous = restartDelay(policy, previous, 500)));
    expect(delays).toEqual([1000, 2000, 4000, 8000, 16_000, 30_000, 30_000, 30_000]);
  });
  it("goes back to the first delay once the process stayed up long enough", () => {
    expect(restartDelay(policy, 30_000, 60_000)).toBe(1000);
    expect(restartDelay(policy, 30_000, 59_999)).toBe(30_000);
  });
});

describe("supervise", () => {
  it("restarts a process that keeps exiting, each time later, up to the cap, and logs the exit code", async () => {
    const { rec } = start(() => nodeChild("process.exit(3)"), { initialDelayMs: 20, maxDelayMs: 80, resetAfterMs: 60_000 });
    await rec.nth("exited", 5);
    const exits = rec.of("exited").slice(0, 5);
    expect(exits.map((e) => e.delayMs)).toEqual([20, 40, 80, 80, 80]);
    expect(exits.map((e) => [e.code, e.signal])).toEqual(Array(5).fill([3, null]));
    const starts = rec.of("started").slice(0, 5);
    expect(starts.map((e) => e.restart)).toEqual([0, 1, 2, 3, 4]);
    expect(new Set(starts.map((e) => e.pid)).size).toBe(5);
  });

  it("restarts a process killed with SIGKILL under a new pid and says which signal", async () => {
    const lines: string[] = [];
    const rec = recorder();
    const s = supervise({ name: "worker", launch: () => nodeChild(FOREVER), policy: { initialDelayMs: 200, maxDelayMs: 1000, resetAfterMs: 60_000 }, log: (line, e) => (lines.push(line), rec.log(line, e)) });
    running.push(s);
    await s.ready;
    const first = s.pid()!;
    process.kill(first, "SIGKILL");
    const restarted = await rec.nth("started", 2);
    expect(restarted.pid).not.toBe(first);
    expect(s.pid()).toBe(restarted.pid);
    expect(rec.of("exited")[0]).toMatchObject({ pid: first, code: null, signal: "SIGKILL", delayMs: 200 });
    expect(lines).toContain(`[start] worker restarted (pid ${restarted.pid}, restart 1)`);
    expect(lines.find((l) => l.includes("exited"))).toMatch(new RegExp(`^\\[start\\] worker exited with signal SIGKILL after [\\d.]+ s \\(pid ${first}\\); restarting in 0\\.2 s$`));
  });

  it("goes back to the first delay after a process that stayed up", async () => {
    const { rec } = start(() => nodeChild("setTimeout(() => process.exit(1), 150)"), { initialDelayMs: 20, maxDelayMs: 1000, resetAfterMs: 100 });
    await rec.nth("exited", 3);
    expect(rec.of("exited").map((e) => e.delayMs).slice(0, 3)).toEqual([20, 20, 20]);
  });

  it("stop() cancels a pending restart: nothing starts afterwards", async () => {
    const { s, rec } = start(() => nodeChild("process.exit(1)"), { initialDelayMs: 100, maxDelayMs: 100, resetAfterMs: 60_000 });
    await rec.nth("exited", 1);
    await s.stop();
    // Five times the restart delay: a timer that survived stop() would have started the process again.
    await new Promise((r) => setTimeout(r, 500));
    expect(rec.of("started")).toHaveLength(1);
    expect(rec.events.at(-1)).toMatchObject({ type: "stopped" });
  });

  it("stop() ends a running process with SIGTERM and does not restart it", async () => {
    const { s, rec } = start(() => nodeChild(FOREVER), { initialDelayMs: 20, maxDelayMs: 20, resetAfterMs: 60_000 });
    await s.ready;
    const pid = s.pid()!;
    await s.stop();
    expect(processAlive(pid)).toBe(false);
    expect(s.pid()).toBeUndefined();
    expect(rec.of("exited")).toEqual([]);
    expect(rec.of("started")).toHaveLength(1);
  });

  it("after stopRestarting() an exit is final (a Ctrl+C that reached the process directly)", async () => {
    let child: Launched["child"] | undefined;
    const { s, rec } = start(
      () => {
        const launched = nodeChild(FOREVER) as Launched;
        child = launched.child;
        return launched;
      },
      { initialDelayMs: 20, maxDelayMs: 20, resetAfterMs: 60_000 },
    );
    await s.ready;
    s.stopRestarting();
    const gone = new Promise((r) => child!.once("exit", r));
    child!.kill("SIGINT");
    await gone;
    // Ten times the restart delay: a restart would have happened by now.
    await new Promise((r) => setTimeout(r, 200));
    expect(rec.events.map((e) => e.type)).toEqual(["started"]);
    await s.stop();
    expect(rec.events.map((e) => e.type)).toEqual(["started", "stopped"]);
  });

  it("stop() kills a process that ignores SIGTERM once the stop timeout passed", async () => {
    let child: Launched["child"] | undefined;
    const { s } = start(
      async () => {
        const launched = await nodeChild(`process.on("SIGTERM", () => {}); ${FOREVER} console.log("ready");`, true);
        child = launched.child;
        return launched;
      },
      { initialDelayMs: 20, maxDelayMs: 20, resetAfterMs: 60_000 },
      { stopTimeoutMs: 200 },
    );
    await s.ready;
    await s.stop();
    expect(child!.signalCode).toBe("SIGKILL");
  });

  it("retries a restart that fails to start, with the next delay", async () => {
    let launches = 0;
    const { rec } = start(
      () => {
        launches++;
        if (launches === 2) throw new Error("port still in use");
        return nodeChild(launches === 1 ? "process.exit(1)" : FOREVER);
      },
      { initialDelayMs: 20, maxDelayMs: 1000, resetAfterMs: 60_000 },
    );
    const second = await rec.nth("started", 2);
    expect(rec.events.map((e) => e.type)).toEqual(["started", "exited", "start-failed", "started"]);
    expect(rec.of("start-failed")[0]).toMatchObject({ error: "port still in use", delayMs: 40 });
    expect(second.restart).toBe(2);
  });

  it("gives up at once when the first start fails (a missing binary is not retried)", async () => {
    const { s, rec } = start(() => {
      throw new Error("Temporal CLI not found");
    }, { initialDelayMs: 20, maxDelayMs: 20, resetAfterMs: 60_000 });
    await expect(s.ready).rejects.toThrow("Temporal CLI not found");
    expect(rec.events).toEqual([]);
  });
});

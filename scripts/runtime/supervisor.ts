// Keeps one named process of `npm start` running (decision 0810): when it exits without being asked
// to, it is started again after a delay that doubles on every quick exit (1 s, 2 s, 4 s ... 30 s)
// and falls back to the first delay once the process has stayed up for a minute, so a crash loop
// costs one start every 30 s instead of a busy CPU. Only stop() ends the supervision.
import type { ChildProcess } from "node:child_process";

export type RestartPolicy = {
  /** Delay before the first restart, and again after a process stayed up for `resetAfterMs`. */
  initialDelayMs: number;
  maxDelayMs: number;
  resetAfterMs: number;
};

export const DEFAULT_RESTART_POLICY: RestartPolicy = { initialDelayMs: 1_000, maxDelayMs: 30_000, resetAfterMs: 60_000 };

/** The delay before the next start, from the one before and how long the process lasted. */
export function restartDelay(policy: RestartPolicy, previousDelayMs: number | undefined, uptimeMs: number): number {
  if (previousDelayMs === undefined || uptimeMs >= policy.resetAfterMs) return policy.initialDelayMs;
  return Math.min(previousDelayMs * 2, policy.maxDelayMs);
}

/** One started process; `stop` replaces the default SIGTERM (then SIGKILL) when the process has its own way down. */
export type Launched = { child: ChildProcess; stop?: () => Promise<void> };

export type SupervisorEvent =
  | { type: "started"; name: string; pid: number | undefined; restart: number }
  | { type: "exited"; name: string; pid: number | undefined; code: number | null; signal: NodeJS.Signals | null; uptimeMs: number; delayMs: number }
  | { type: "start-failed"; name: string; error: string; delayMs: number }
  | { type: "error"; name: string; error: string }
  | { type: "stopped"; name: string };

export type SuperviseOptions = {
  name: string;
  /** Starts the process; resolves once it is usable (a server listening), rejects if it could not start. */
  launch: () => Launched | Promise<Launched>;
  policy?: RestartPolicy;
  /** How long the default stop waits after SIGTERM before SIGKILL. */
  stopTimeoutMs?: number;
  /** Each start, exit and restart as a line (e.g. "[start] worker exited with signal SIGKILL after 42 s ..."). */
  log?: (message: string, event: SupervisorEvent) => void;
};

export type Supervisor = {
  readonly name: string;
  /** Resolves after the first start; rejects (and supervision ends) if the first start fails. */
  readonly ready: Promise<void>;
  /** The pid of the running process, if one is running. */
  pid(): number | undefined;
  /** From now on an exit is final (the product is stopping in order); the process runs until it exits or stop(). */
  stopRestarting(): void;
  /** Ends the supervision: cancels a pending restart, stops the process and waits for it to exit. */
  stop(): Promise<void>;
};

function exited(child: ChildProcess): boolean {
  return child.exitCode !== null || child.signalCode !== null;
}

/** SIGTERM, then SIGKILL if the process is still there after `timeoutMs`. */
export async function terminate(child: ChildProcess, timeoutMs: number): Promise<void> {
  if (exited(child)) return;
  const done = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  child.kill("SIGTERM");
  const timer = setTimeout(() => child.kill("SIGKILL"), timeoutMs);
  await done;
  clearTimeout(timer);
}

function describeExit(code: number | null, signal: NodeJS.Signals | null): string {
  return signal ? `signal ${signal}` : `code ${code}`;
}

function seconds(ms: number): string {
  return ms < 10_000 ? `${(ms / 1000).toFixed(1)} s` : `${Math.round(ms / 1000)} s`;
}

/** The log line of an event. */
export function describe(e: SupervisorEvent): string {
  const tag = `[start] ${e.name}`;
  switch (e.type) {
    case "started":
      return e.restart === 0 ? `${tag} started (pid ${e.pid})` : `${tag} restarted (pid ${e.pid}, restart ${e.restart})`;
    case "exited":
      return `${tag} exited with ${describeExit(e.code, e.signal)} after ${seconds(e.uptimeMs)} (pid ${e.pid}); restarting in ${seconds(e.delayMs)}`;
    case "start-failed":
      return `${tag} could not start: ${e.error}; trying again in ${seconds(e.delayMs)}`;
    case "error":
      return `${tag}: ${e.error}`;
    case "stopped":
      return `${tag} stopped`;
  }
}

export function supervise(opts: SuperviseOptions): Supervisor {
  const policy = opts.policy ?? DEFAULT_RESTART_POLICY;
  const stopTimeoutMs = opts.stopTimeoutMs ?? 10_000;
  const emit = (event: SupervisorEvent) => opts.log?.(describe(event), event);

  let current: Launched | undefined;
  let stopping = false;
  let restarts = 0;
  let lastDelay: number | undefined;
  let timer: NodeJS.Timeout | undefined;
  let launching: Promise<void> | undefined;
  let stopped: Promise<void> | undefined;

  const schedule = (delayMs: number) => {
    lastDelay = delayMs;
    timer = setTimeout(() => {
      timer = undefined;
      restarts++;
      launching = start().catch(() => undefined);
    }, delayMs);
  };

  async function start(): Promise<void> {
    let launched: Launched;
    try {
      launched = await opts.launch();
    } catch (error) {
      if (restarts === 0 || stopping) throw error;
      const delayMs = restartDelay(policy, lastDelay, 0);
      emit({ type: "start-failed", name: opts.name, error: error instanceof Error ? error.message : String(error || "exited while starting"), delayMs });
      schedule(delayMs);
      return;
    }
    const { child } = launched;
    const startedAt = Date.now();
    current = launched;
    let gone = false;
    const onExit = () => {
      if (gone) return;
      gone = true;
      if (current === launched) current = undefined;
      if (stopping) return;
      const uptimeMs = Date.now() - startedAt;
      const delayMs = restartDelay(policy, lastDelay, uptimeMs);
      emit({ type: "exited", name: opts.name, pid: child.pid, code: child.exitCode, signal: child.signalCode, uptimeMs, delayMs });
      schedule(delayMs);
    };
    emit({ type: "started", name: opts.name, pid: child.pid, restart: restarts });
    // Without a listener, a failed spawn ('error', and maybe no 'exit') would throw in this process.
    child.on("error", (error) => {
      emit({ type: "error", name: opts.name, error: error.message });
      if (child.pid === undefined) onExit();
    });
    if (exited(child)) onExit();
    else child.once("exit", onExit);
  }

  async function stopCurrent(): Promise<void> {
    const launched = current;
    if (!launched || exited(launched.child)) return;
    await (launched.stop ? launched.stop() : terminate(launched.child, stopTimeoutMs));
  }

  launching = start();
  const ready = launching;
  ready.catch(() => undefined);

  return {
    name: opts.name,
    ready,
    pid: () => (current && !exited(current.child) ? current.child.pid : undefined),
    stopRestarting() {
      stopping = true;
      if (timer) clearTimeout(timer);
    },
    stop() {
      stopped ??= (async () => {
        stopping = true;
        if (timer) clearTimeout(timer);
        // A start under way finishes first, so the process it starts is stopped too.
        await launching?.catch(() => undefined);
        await stopCurrent();
        emit({ type: "stopped", name: opts.name });
      })();
      return stopped;
    },
  };
}

// What the worker and the web process do with an error nothing caught (decision 0800). Both serve
// many tenants at once: one run's or one request's forgotten promise must not stop the others, so
// an unhandled rejection is logged and the process carries on (a rejected promise has unwound its
// own work; nothing is left half-done by it). An uncaught exception stays fatal: it was thrown out
// of a callback whose state (a socket, a pool, a stream) is unknown after it, and the supervisor
// restarts the process. Either way the log line goes through `redact` (secrets never reach a log).

export type ProcessGuardOptions = {
  /** Removes secrets from the text (the engine's redact; lib imports nothing of ours). */
  redact: (text: string) => string;
  log?: (line: string) => void;
  exit?: (code: number) => void;
};

/** The error's stack (its name and message first) or a short description: never a dump of its fields, which may hold settings. */
export function describeFailure(reason: unknown): string {
  if (reason instanceof Error) return reason.stack ?? `${reason.name}: ${reason.message}`;
  if (typeof reason === "string") return reason;
  return `a non-Error value (${reason === null ? "null" : typeof reason})`;
}

export function installProcessGuards(name: string, opts: ProcessGuardOptions): void {
  const log = opts.log ?? ((line: string) => console.error(line));
  const exit = opts.exit ?? ((code: number) => process.exit(code));
  process.on("unhandledRejection", (reason) => {
    log(`[${name}] unhandled promise rejection (the process keeps serving): ${opts.redact(describeFailure(reason))}`);
  });
  process.on("uncaughtException", (error) => {
    log(`[${name}] uncaught exception, exiting: ${opts.redact(describeFailure(error))}`);
    exit(1);
  });
}

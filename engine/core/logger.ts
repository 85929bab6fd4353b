// The engine never prints: callers hand in a Logger. Every line the engine emits goes through
// redactingLogger first, so a careless `log.info(..., { request })` cannot leak a token.
import { redact } from "./redact.js";

export type LogData = Record<string, unknown>;

export interface Logger {
  debug(message: string, data?: LogData): void;
  info(message: string, data?: LogData): void;
  warn(message: string, data?: LogData): void;
  error(message: string, data?: LogData): void;
}

export const silentLogger: Logger = {
  debug() {},
  info() {},
  warn() {},
  error() {},
};

/** Wraps `inner` so that messages and data are redacted (pattern rules plus these literal secrets). */
export function redactingLogger(inner: Logger | undefined, secrets: () => readonly string[]): Logger {
  const target = inner ?? silentLogger;
  const wrap =
    (level: keyof Logger) =>
    (message: string, data?: LogData): void => {
      const known = secrets();
      target[level](redact(message, known), data === undefined ? undefined : redact(data, known));
    };
  return { debug: wrap("debug"), info: wrap("info"), warn: wrap("warn"), error: wrap("error") };
}

/** A logger writing JSON lines to stderr, for the CLI and the worker. */
export function consoleLogger(minLevel: keyof Logger = "info"): Logger {
  const order: (keyof Logger)[] = ["debug", "info", "warn", "error"];
  const threshold = order.indexOf(minLevel);
  const write = (level: keyof Logger) => (message: string, data?: LogData) => {
    if (order.indexOf(level) < threshold) return;
    process.stderr.write(JSON.stringify({ level, message, ...data }) + "\n");
  };
  return { debug: write("debug"), info: write("info"), warn: write("warn"), error: write("error") };
}

/** Collects lines in memory, for tests. */
export function memoryLogger(): Logger & { lines: { level: string; message: string; data?: LogData }[] } {
  const lines: { level: string; message: string; data?: LogData }[] = [];
  const push = (level: string) => (message: string, data?: LogData) => lines.push({ level, message, data });
  return { lines, debug: push("debug"), info: push("info"), warn: push("warn"), error: push("error") };
}

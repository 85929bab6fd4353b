// Asynchronous report jobs (Meta insights report runs, X Ads stats jobs, Microsoft Advertising
// and Amazon Ads reports) share one shape: submit, poll with a growing interval until the job is
// done or failed, then download. This is the polling half, with the interval and timeout rules in
// one place so every platform backs off the same way.
import { setTimeout as wait } from "node:timers/promises";
import { ConnectorError, type ConnectorErrorKind } from "./errors.js";

export type JobState = "done" | "pending" | { failed: string; kind?: ConnectorErrorKind };

export interface PollOptions<T> {
  platform: string;
  /** What is being waited for, for messages: "report run 123". */
  what: string;
  check: () => Promise<T>;
  state: (status: T) => JobState;
  initialDelayMs?: number;
  maxDelayMs?: number;
  factor?: number;
  /** Give up after this long; the error is transient, so the caller's retry resubmits later. */
  timeoutMs?: number;
  signal?: AbortSignal;
  /** Tests replace the clock and the wait. */
  sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
  now?: () => number;
  onPending?: (status: T, attempt: number) => void;
}

export const DEFAULT_POLL = { initialDelayMs: 1_000, maxDelayMs: 30_000, factor: 1.5, timeoutMs: 30 * 60_000 };

export function delay(ms: number, signal?: AbortSignal): Promise<void> {
  return wait(ms, undefined, { signal });
}

/** Calls `check` until `state` says done (returns that status) or failed (throws). */
export async function pollUntilDone<T>(options: PollOptions<T>): Promise<T> {
  const sleep = options.sleep ?? delay;
  const now = options.now ?? Date.now;
  const factor = options.factor ?? DEFAULT_POLL.factor;
  const maxDelay = options.maxDelayMs ?? DEFAULT_POLL.maxDelayMs;
  const timeout = options.timeoutMs ?? DEFAULT_POLL.timeoutMs;
  const started = now();
  let wait = options.initialDelayMs ?? DEFAULT_POLL.initialDelayMs;
  for (let attempt = 1; ; attempt++) {
    const status = await options.check();
    const state = options.state(status);
    if (state === "done") return status;
    if (state !== "pending") {
      throw new ConnectorError({
        kind: state.kind ?? "transient",
        platform: options.platform,
        message: `${options.platform} could not finish ${options.what}: ${state.failed}`,
      });
    }
    options.onPending?.(status, attempt);
    if (now() - started + wait > timeout) {
      throw new ConnectorError({
        kind: "transient",
        platform: options.platform,
        message: `${options.platform} was still preparing ${options.what} after ${Math.round(timeout / 60_000)} minutes. The extraction will be retried.`,
      });
    }
    await sleep(wait, options.signal);
    wait = Math.min(maxDelay, Math.round(wait * factor));
  }
}

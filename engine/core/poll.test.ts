import { describe, expect, it } from "vitest";
import { ConnectorError } from "./errors.js";
import { pollUntilDone, type PollState } from "./poll.js";

describe("pollUntilDone", () => {
  it("polls with a growing interval until done", async () => {
    const waits: number[] = [];
    const states: PollState<string>[] = [{ done: false, status: "PENDING" }, { done: false }, { done: true, value: "url" }];
    const value = await pollUntilDone(async () => states.shift()!, {
      platform: "p",
      what: "report 1",
      initialIntervalMs: 100,
      factor: 2,
      maxIntervalMs: 150,
      sleep: async (ms) => void waits.push(ms),
    });
    expect(value).toBe("url");
    expect(waits).toEqual([100, 150]);
  });

  it("gives up with a transient error naming the last status", async () => {
    let clock = 0;
    const error = await pollUntilDone(async () => ({ done: false, status: "PROCESSING" }), {
      platform: "p",
      what: "report 7",
      initialIntervalMs: 1000,
      timeoutMs: 2500,
      factor: 1,
      now: () => clock,
      sleep: async (ms) => void (clock += ms),
    }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ConnectorError);
    expect((error as ConnectorError).kind).toBe("transient");
    expect((error as ConnectorError).message).toContain("report 7");
    expect((error as ConnectorError).message).toContain("PROCESSING");
    expect(clock).toBe(2000);
  });

  it("stops when aborted", async () => {
    const controller = new AbortController();
    const pending = pollUntilDone(async () => ({ done: false }), { platform: "p", what: "job", initialIntervalMs: 10_000, signal: controller.signal });
    controller.abort(new Error("stop"));
    await expect(pending).rejects.toThrow("stop");
  });
});

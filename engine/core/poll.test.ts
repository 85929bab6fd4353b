import { describe, expect, it } from "vitest";
import { ConnectorError } from "./errors.js";
import { pollUntilDone } from "./poll.js";

function clock() {
  let t = 0;
  const waits: number[] = [];
  return {
    waits,
    now: () => t,
    sleep: async (ms: number) => {
      waits.push(ms);
      t += ms;
    },
  };
}

describe("pollUntilDone", () => {
  it("waits with a growing, capped interval until the job is done", async () => {
    const c = clock();
    const statuses = ["queued", "running", "running", "running", "done"];
    let i = 0;
    const result = await pollUntilDone({
      platform: "p",
      what: "job 1",
      check: async () => statuses[i++],
      state: (s) => (s === "done" ? "done" : "pending"),
      initialDelayMs: 100,
      factor: 2,
      maxDelayMs: 300,
      sleep: c.sleep,
      now: c.now,
    });
    expect(result).toBe("done");
    expect(c.waits).toEqual([100, 200, 300, 300]);
  });

  it("throws the failure with its kind", async () => {
    const error = await pollUntilDone({
      platform: "p",
      what: "job 2",
      check: async () => "failed",
      state: () => ({ failed: "the job failed", kind: "system" }),
    }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ConnectorError);
    expect((error as ConnectorError).kind).toBe("system");
    expect((error as ConnectorError).message).toContain("job 2: the job failed");
  });

  it("gives up with a transient error after the timeout", async () => {
    const c = clock();
    const error = await pollUntilDone({
      platform: "p",
      what: "job 3",
      check: async () => "running",
      state: () => "pending",
      initialDelayMs: 1000,
      factor: 1,
      timeoutMs: 5000,
      sleep: c.sleep,
      now: c.now,
    }).catch((e: unknown) => e);
    expect((error as ConnectorError).kind).toBe("transient");
    expect(c.waits.length).toBe(5);
  });
});

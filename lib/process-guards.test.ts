import { afterEach, describe, expect, it } from "vitest";
import { describeFailure, installProcessGuards } from "./process-guards.js";

const before = { rejection: process.listeners("unhandledRejection"), exception: process.listeners("uncaughtException") };

afterEach(() => {
  for (const l of process.listeners("unhandledRejection")) if (!before.rejection.includes(l)) process.off("unhandledRejection", l);
  for (const l of process.listeners("uncaughtException")) if (!before.exception.includes(l)) process.off("uncaughtException", l);
});

describe("installProcessGuards", () => {
  it("logs an unhandled rejection through redact and does not exit; an uncaught exception exits 1", () => {
    const lines: string[] = [];
    const exits: number[] = [];
    installProcessGuards("worker", { redact: (t) => t.replaceAll("pa55w0rd", "[REDACTED]"), log: (l) => lines.push(l), exit: (c) => exits.push(c) });
    process.emit("unhandledRejection", new Error("load failed for postgres://u:pa55w0rd@h/db"), Promise.resolve());
    expect(exits).toEqual([]);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/^\[worker\] unhandled promise rejection \(the process keeps serving\): Error: load failed for postgres:\/\/u:\[REDACTED\]@h\/db\n\s+at /);
    process.emit("uncaughtException", new TypeError("pa55w0rd is not a function"));
    expect(exits).toEqual([1]);
    expect(lines[1]).toMatch(/^\[worker\] uncaught exception, exiting: TypeError: \[REDACTED\] is not a function/);
  });

  it("describes what is not an Error without dumping it", () => {
    expect(describeFailure({ password: "x", config: { headers: { authorization: "Bearer y" } } })).toBe("a non-Error value (object)");
    expect(describeFailure(null)).toBe("a non-Error value (null)");
    expect(describeFailure("plain text")).toBe("plain text");
  });
});

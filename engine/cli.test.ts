import { mkdtemp, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { runCli } from "./cli.js";
import { UnknownFieldError, UnknownPlatformError } from "./core/errors.js";

function io(env: Record<string, string> = {}) {
  let stdout = "";
  let stderr = "";
  return {
    io: { stdout: { write: (c: string) => (stdout += c) }, stderr: { write: (c: string) => (stderr += c) }, env },
    out: () => stdout,
    err: () => stderr,
  };
}

describe("engine CLI", () => {
  it("lists platforms, filtered by category", async () => {
    const t = io();
    expect(await runCli(["platforms", "--category", "REVIEW"], t.io)).toBe(0);
    expect(t.out()).toContain("trustpilot-review");
    expect(t.out()).not.toContain("google-ads");
  });

  it("lists the fields of a report", async () => {
    const t = io();
    await runCli(["fields", "demo", "--report", "ecommerce"], t.io);
    expect(t.out()).toMatch(/revenue\s+metric\s+CURRENCY\s+SUM/);
  });

  it("reads rows as CSV with credentials from a file", async () => {
    const dir = await mkdtemp(join(tmpdir(), "engine-cli-"));
    const file = join(dir, "demo.json");
    await writeFile(file, JSON.stringify({ type: "api-key", key: "demo" }));
    const t = io();
    const code = await runCli(
      ["read", "demo", "--credentials", file, "--accounts", "demo-london", "--fields", "date,clicks,campaign_id", "--start", "2025-01-01", "--end", "2025-01-02"],
      t.io,
    );
    expect(code).toBe(0);
    const lines = t.out().trim().split("\n");
    expect(lines[0]).toBe("date,campaign_id,clicks");
    expect(lines.slice(1).every((l) => /^2025-01-0[12],demo-london-c\d,\d+$/.test(l))).toBe(true);
  });

  it("reads JSON with credentials from the environment", async () => {
    const t = io({ ENGINE_CREDENTIALS: JSON.stringify({ key: "demo" }) });
    await runCli(["read", "demo", "--credentials", "env", "--fields", "clicks", "--accounts", "demo-paris", "--date", "LAST_7_DAYS", "--format", "json"], t.io);
    const parsed = JSON.parse(t.out());
    expect(parsed.data).toHaveLength(1);
    expect(typeof parsed.data[0].clicks).toBe("number");
  });

  it("raises typed errors for bad input", async () => {
    const t = io({ ENGINE_CREDENTIALS: JSON.stringify({ key: "demo" }) });
    await expect(runCli(["read", "demo", "--credentials", "env", "--fields", "clicks,nope"], t.io)).rejects.toThrow(UnknownFieldError);
    await expect(runCli(["fields", "myspace"], t.io)).rejects.toThrow(UnknownPlatformError);
    expect(await runCli(["frobnicate"], t.io)).toBe(2);
  });
});

import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { googleStatus } from "../../../tests/fakes/support/ads-family.js";
import { startFakeServer, type FakeServer } from "../../../tests/fakes/support/fake-server.js";
import { createConnectorContext } from "../../core/context.js";
import type { HttpResponse, PreparedRequest } from "../../core/http-types.js";
import { dv360Connector } from "../dv360/connector.js";
import { adsFields } from "./ads-family.js";
import { googleErrors, runReportFile } from "./google-family.js";

const response = (status: number, json: unknown, headers: Record<string, string> = {}): HttpResponse => ({
  status,
  headers: new Headers(headers),
  url: "https://example.googleapis.com/v1/x",
  text: JSON.stringify(json),
  json: <T>() => json as T,
});
const request: PreparedRequest = { method: "GET", url: new URL("https://example.googleapis.com/v1/x?access_token=ya29.secret-token-123"), headers: {} };

describe("googleErrors", () => {
  const classify = googleErrors("dv360", "Display & Video 360");

  it("maps UNAUTHENTICATED to reconnect, PERMISSION_DENIED to a missing permission, RESOURCE_EXHAUSTED to a retry time", () => {
    expect(classify(response(401, googleStatus(401, "UNAUTHENTICATED", "Invalid Credentials").json), request)).toMatchObject({ kind: "config", message: expect.stringContaining("Reconnect") });
    expect(classify(response(403, googleStatus(403, "PERMISSION_DENIED", "No access to advertiser 7").json), request)).toMatchObject({ kind: "config", message: expect.stringContaining("Missing permission on Display & Video 360: No access to advertiser 7") });
    const quota = classify(response(429, googleStatus(429, "RESOURCE_EXHAUSTED", "Quota exceeded").json, { "retry-after": "30" }), request);
    expect(quota).toMatchObject({ kind: "transient", retryAfterMs: 30_000, message: expect.stringMatching(/quota reached \(Quota exceeded\), retrying at \d{4}-/) });
  });

  it("leaves 5xx to the core retry rule, other 4xx are system errors with a redacted request", () => {
    expect(classify(response(503, googleStatus(503, "UNAVAILABLE", "Try again").json), request)).toBeUndefined();
    const bad = classify(response(400, googleStatus(400, "INVALID_ARGUMENT", "Bad groupBys").json), request)!;
    expect(bad).toMatchObject({ kind: "system", message: expect.stringContaining("INVALID_ARGUMENT") });
    expect(JSON.stringify(bad.request)).not.toContain("secret-token-123");
    expect(classify(response(400, { not: "google" }), request)).toBeUndefined();
  });
});

describe("runReportFile", () => {
  let server: FakeServer;
  beforeEach(async () => {
    server = await startFakeServer();
  });
  afterEach(() => server.close());

  const ctx = () => createConnectorContext(dv360Connector, { credential: { type: "oauth2", accessToken: "ya29.test-token-1" }, baseUrl: server.url, retry: { retries: 0 } });
  const job = (removed: string[]) => ({
    platform: "dv360",
    what: "a test report",
    create: async () => "q1",
    run: async () => ({ state: "QUEUED" }),
    poll: async () => ({ state: "DONE" }),
    state: (r: { state: string }) => (r.state === "DONE" ? ("done" as const) : ("pending" as const)),
    file: () => ({ url: "/file.csv", auth: false }),
    remove: async (id: string) => void removed.push(id),
    isHeader: (cells: string[]) => cells[0] === "Date",
    isEnd: (cells: string[]) => cells.every((c) => c === ""),
  });

  it("keeps the rows between the header and the first blank line, then removes the definition", async () => {
    server.route("GET", "/file.csv", { body: "Report,x\nDate,Clicks\n2025/03/01,4\n2025/03/02,5\n\nTotal,9\n" });
    const removed: string[] = [];
    expect(await runReportFile(ctx(), "7", job(removed))).toEqual([
      { Date: "2025/03/01", Clicks: "4" },
      { Date: "2025/03/02", Clicks: "5" },
    ]);
    expect(removed).toEqual(["q1"]);
  });

  it("raises a system error for a file without the header, and still removes the definition", async () => {
    server.route("GET", "/file.csv", { body: "<html>not a report</html>" });
    const removed: string[] = [];
    await expect(runReportFile(ctx(), "7", job(removed))).rejects.toMatchObject({ kind: "system", message: expect.stringContaining("without the expected header") });
    expect(removed).toEqual(["q1"]);
  });
});

describe("adsFields", () => {
  it("builds account, campaign and ad group levels with the shared ids, hour only when asked", () => {
    const ids = (level: Parameters<typeof adsFields>[0], opts?: Parameters<typeof adsFields>[1]) => adsFields(level, opts).map((f) => f.id);
    expect(ids("account")).toEqual(["date", "account_id", "account_name", "account_currency", "impressions", "clicks", "cost", "conversions", "ctr", "average_cpc"]);
    expect(ids("campaign", { hourly: true, conversions: false })).toEqual(["date", "hour", "account_id", "account_name", "account_currency", "campaign_id", "campaign_name", "campaign_status", "impressions", "clicks", "cost", "ctr", "average_cpc"]);
    expect(ids("ad_group")).toContain("ad_group_name");
  });
});

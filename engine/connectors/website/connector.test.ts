import { expect } from "vitest";
import { HOME_HTML, PRICING_HTML, startWebsiteFake } from "./fake.js";
import { behaviourSuite } from "../../../tests/fakes/support/behaviours.js";
import { MONITOR_USER_AGENT, websiteConnector } from "./connector.js";

const today = new Date().toISOString().slice(0, 10);
const HOME = "https://www.acme.example/";
const PAGES = /^\/(pricing|slow|old|missing)?$/;
const withUrls = (...urls: string[]) => ({ type: "api-key" as const, key: "void", options: { url: urls.join(", ") } });

behaviourSuite({
  connector: websiteConnector,
  start: startWebsiteFake,
  dataPath: PAGES,
  read: { accounts: [HOME], fields: ["date", "url", "status_code", "checks", "up_checks", "availability", "page_size_bytes"], range: { start: today, end: today } },
  unauthorized: { status: 401, headers: { "www-authenticate": 'Basic realm="staging"' }, body: "Unauthorized" },
  listAccounts(accounts) {
    expect(accounts.map((a) => [a.id, a.status, a.timezone])).toEqual([HOME, `${HOME}pricing`, `${HOME}missing`].map((u) => [u, "active", "UTC"]));
  },
  singlePage(rows, fake) {
    expect(rows).toEqual([{ date: today, url: HOME, status_code: 200, checks: 1, up_checks: 1, availability: 1, page_size_bytes: Buffer.byteLength(HOME_HTML) }]);
    expect(fake.server.requestsTo(PAGES)[0].headers["user-agent"]).toBe(MONITOR_USER_AGENT);
  },
  pagination: {
    // One check per URL of the form.
    read: { accounts: undefined, fields: ["url", "status_code", "up_checks", "page_size_bytes"] },
    pages: 3,
    check(rows) {
      expect(rows).toEqual([
        { url: HOME, status_code: 200, up_checks: 1, page_size_bytes: Buffer.byteLength(HOME_HTML) },
        { url: "https://www.acme.example/pricing", status_code: 200, up_checks: 1, page_size_bytes: Buffer.byteLength(PRICING_HTML) },
        { url: "https://www.acme.example/missing", status_code: 404, up_checks: 0, page_size_bytes: 18 },
      ]);
    },
  },
  empty: { read: { range: { start: "2023-03-01", end: "2023-03-02" } } },
  more: {
    "a site still failing after three attempts is a down row, not an error": async ({ read, ctx, fake }) => {
      const down = { status: 503, body: "<h1>Service Unavailable</h1>" };
      const rows = await read({ fields: ["url", "status_code", "checks", "down_checks", "availability", "error"] }, ctx(), () => fake.server.once("GET", "/", down).once("GET", "/", down).once("GET", "/", down));
      expect(rows).toEqual([{ url: HOME, status_code: 503, checks: 1, down_checks: 1, availability: 0, error: expect.stringContaining("503") }]);
      expect(fake.server.requestsTo("/")).toHaveLength(3);
    },
    "refuses a URL on another host than the source's site": async ({ read, ctx }) => {
      await expect(read({ accounts: undefined, fields: ["checks"] }, ctx(withUrls(HOME, "https://other.example/")))).rejects.toMatchObject({ kind: "config", message: expect.stringContaining("one site") });
    },
    "measures the response time and follows redirects": async ({ read, ctx }) => {
      const rows = await read({ accounts: undefined, fields: ["url", "status_code", "response_time_ms", "hour"] }, ctx(withUrls("https://www.acme.example/slow", "https://www.acme.example/old")));
      expect(rows[0]).toMatchObject({ url: "https://www.acme.example/slow", status_code: 200, hour: new Date().getUTCHours() });
      expect(Number(rows[0].response_time_ms)).toBeGreaterThanOrEqual(140);
      expect(rows[1]).toMatchObject({ url: "https://www.acme.example/old", status_code: 200 });
    },
  },
});

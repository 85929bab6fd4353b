import { describe, expect, it } from "vitest";
import { ConnectSchema, SOURCES_PAGE_SIZE, sortAndPageSources } from "./sources";

const row = (name: string, platformName: string, connected: number, tone: string) => ({ name, platformName, totalActivatedDataSource: connected, badge: { tone } });

describe("sortAndPageSources", () => {
  const rows = [row("b", "Shopify", 3, "success"), row("a", "Google Ads", 1, "error"), row("c", "Demo", 2, "warning")];
  it("sorts by name by default and by each column both ways", () => {
    expect(sortAndPageSources(rows, {}).rows.map((r) => r.name)).toEqual(["a", "b", "c"]);
    expect(sortAndPageSources(rows, { sort: "platform" }).rows.map((r) => r.platformName)).toEqual(["Demo", "Google Ads", "Shopify"]);
    expect(sortAndPageSources(rows, { sort: "connected", dir: "desc" }).rows.map((r) => r.totalActivatedDataSource)).toEqual([3, 2, 1]);
    expect(sortAndPageSources(rows, { sort: "status" }).rows.map((r) => r.badge.tone)).toEqual(["error", "warning", "success"]);
  });
  it("falls back on an unknown sort and clamps the page", () => {
    const many = Array.from({ length: SOURCES_PAGE_SIZE * 2 + 1 }, (_, i) => row(`s${String(i).padStart(3, "0")}`, "Demo", 0, "success"));
    const last = sortAndPageSources(many, { sort: "drop table", page: "99" });
    expect(last).toMatchObject({ sort: "name", page: 3, pages: 3, total: many.length });
    expect(last.rows).toHaveLength(1);
    expect(sortAndPageSources(many, { page: "-4" }).page).toBe(1);
    expect(sortAndPageSources(many, { page: "abc" }).rows).toHaveLength(SOURCES_PAGE_SIZE);
  });
});

describe("ConnectSchema", () => {
  it("trims and requires the name", () => {
    expect(ConnectSchema.safeParse({ intent: "connect", platform: "demo", name: "   " }).success).toBe(false);
    const ok = ConnectSchema.parse({ intent: "connect", platform: "demo", name: "  Client  " });
    expect(ok).toMatchObject({ name: "Client", mode: "page" });
  });
});

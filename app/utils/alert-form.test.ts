import { describe, expect, it } from "vitest";
import { alertSummary, carriedValues } from "./alert-form";

const accounts = [{ id: 7, accountId: "demo-paris" }];
const form = (values: Record<string, string>) => {
  const fd = new FormData();
  for (const [k, v] of Object.entries(values)) fd.set(k, v);
  return fd;
};

describe("carriedValues", () => {
  const query = new URLSearchParams({
    title: "Brand clicks",
    dataSourceId: "7",
    level: "CAMPAIGN",
    "filters[0].field": "campaign_name",
    "filters[0].operator": "contains",
    "filters[0].value": "brand",
    metric: "clicks",
    operator: "sum",
    thresholdValue: "150",
    during: "yesterday",
    alertType: "threshold",
    mode: "trend",
    kind: "metric",
  });
  it("keeps what the alert is about across a kind switch, not its condition", () => {
    expect(carriedValues(query, false)).toEqual({ title: "Brand clicks", dataSourceId: "7", level: "CAMPAIGN", "filters[0].field": "campaign_name", "filters[0].operator": "contains", "filters[0].value": "brand" });
  });
  it("also keeps the metric and its aggregation between threshold and trend", () => {
    expect(carriedValues(query, true)).toMatchObject({ title: "Brand clicks", metric: "clicks", operator: "sum" });
    expect(carriedValues(query, true)).not.toHaveProperty("thresholdValue");
  });
});

describe("alertSummary", () => {
  it("reads the form as one sentence once its condition is filled in", () => {
    const base = { dataSourceId: "7", level: "CAMPAIGN", alertType: "threshold", operator: "sum", thresholdType: "above", thresholdValue: "150", during: "yesterday" };
    expect(alertSummary(form({ ...base, metric: "" }), "metric", "demo", accounts, { name: (id) => id })).toBeNull();
    const names: Record<string, string> = { cost: "Cost", campaign_status: "Campaign status" };
    expect(
      alertSummary(form({ ...base, metric: "cost", "filters[0].field": "campaign_status", "filters[0].operator": "equals", "filters[0].value": "ENABLED" }), "metric", "demo", accounts, {
        name: (id) => names[id] ?? id,
        unitOf: (id) => (id === "cost" ? "EUR" : undefined),
      }),
    ).toBe("Alert when cost yesterday is above €150, for campaigns where Campaign status is “ENABLED”.");
  });
});

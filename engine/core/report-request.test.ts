import { describe, expect, it } from "vitest";
import { InvalidRequestError, UnknownFieldError } from "./errors.js";
import { catalogueMethods, fieldsOfReport, resolveReportRequest, type ReportCatalogue } from "./report-request.js";
import type { FieldDef } from "./types.js";

const f = (id: string): FieldDef => ({ id, name: id, description: id, type: "dimension", fieldType: "TEXT", aggregation: "NONE" });
const catalogue: ReportCatalogue = { platform: "shop", fields: { orders: [f("date"), f("status")], items: [f("sku")] }, defaultReport: "orders" };
const range = { start: "2025-01-01", end: "2025-01-02" };

describe("report requests", () => {
  it("picks the named or default report", () => {
    expect(fieldsOfReport(catalogue, undefined).map((x) => x.id)).toEqual(["date", "status"]);
    expect(resolveReportRequest(catalogue, { accounts: [], fields: ["sku"], range, options: { report: ["items"] } }).report).toBe("items");
    expect(resolveReportRequest(catalogue, { accounts: [], fields: ["date"], range }).report).toBe("orders");
  });

  it("rejects unknown reports and fields, including filtered ones", () => {
    expect(() => fieldsOfReport(catalogue, "nope")).toThrow(InvalidRequestError);
    expect(() => resolveReportRequest(catalogue, { accounts: [], fields: ["sku"], range })).toThrow(UnknownFieldError);
    expect(() =>
      resolveReportRequest(catalogue, { accounts: [], fields: ["date"], range, filters: [{ field: "x", type: "equals", value: "1" }] }),
    ).toThrow(/"x"/);
  });

  it("serves a static catalogue as connector methods", async () => {
    const methods = catalogueMethods({ ...catalogue, reports: [{ id: "orders", name: "Orders", description: "" }] });
    expect((await methods.listReports()).map((r) => r.id)).toEqual(["orders"]);
    expect(await methods.listConfigFields()).toEqual([]);
    expect((await methods.listFields(undefined, { report: "items" })).map((x) => x.id)).toEqual(["sku"]);
    await expect(methods.listFields(undefined, { report: "nope" })).rejects.toBeInstanceOf(InvalidRequestError);
  });
});

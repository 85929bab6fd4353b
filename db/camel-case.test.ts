import { CamelCasePlugin } from "kysely";
import { describe, expect, it } from "vitest";
import { RememberingCamelCasePlugin } from "./camel-case.js";

// The protected conversions, reached the way Kysely reaches them (results through transformResult).
const rowsOf = (plugin: CamelCasePlugin, rows: Record<string, unknown>[]) =>
  plugin.transformResult({ queryId: { queryId: "q" }, result: { rows } } as never) as Promise<{ rows: unknown[] }>;

describe("RememberingCamelCasePlugin", () => {
  it("maps rows exactly as Kysely's plugin does, nested JSON included, asked again and again", async () => {
    const rows = [
      { company_id: 1, last_analyze: null, definition: { requests: [{ filter_field: "campaign_name", nested_list: [{ a_b: 1 }] }] }, "weird__name_": 2, "7_days": 3, x_1_y: 4 },
      { company_id: 2, last_analyze: "2026-01-01", definition: { requests: [] }, "weird__name_": 5, "7_days": 6, x_1_y: 7 },
    ];
    const plain = await rowsOf(new CamelCasePlugin(), rows);
    const remembering = new RememberingCamelCasePlugin();
    expect(await rowsOf(remembering, rows)).toEqual(plain);
    expect(await rowsOf(remembering, rows)).toEqual(plain);
    expect((plain.rows[0] as Record<string, unknown>).companyId).toBe(1);
  });

  it("names in queries are converted the same (snake case), and many distinct names do not break it", () => {
    const plain = new CamelCasePlugin() as unknown as { snakeCase(s: string): string };
    const remembering = new RememberingCamelCasePlugin() as unknown as { snakeCase(s: string): string; camelCase(s: string): string };
    for (let i = 0; i < 12_000; i++) expect(remembering.snakeCase(`someName${i}Here`)).toBe(plain.snakeCase(`someName${i}Here`));
    expect(remembering.snakeCase("configuredForId")).toBe("configured_for_id");
    expect(remembering.camelCase("configured_for_id")).toBe("configuredForId");
  });
});

// The behaviour every destination loader must show, run against a real (or faithfully faked) server:
// check, prepare (create + add columns), exactly-once partition replace, rollback on a failed load,
// scope guard. Each destination's test supplies how to open a loader and read the rows back.
import { describe, expect, it } from "vitest";
import { describeTable } from "../../engine/destinations/columns.js";
import { DestinationError } from "../../engine/destinations/errors.js";
import type { DestinationLoader, LoadTable } from "../../engine/destinations/types.js";
import type { Row } from "../../engine/core/types.js";

export interface StoredRow {
  account: string;
  date: string;
  campaign: string;
  clicks: number;
  cost: number;
  extra?: string | null;
}

export interface ConformanceTarget {
  open(): Promise<DestinationLoader>;
  /** A loader whose settings the destination refuses (wrong password, unknown bucket). */
  openRefused(): Promise<DestinationLoader>;
  /** Every stored row of `table` (for storage destinations: every object under the prefix, parsed). */
  readRows(table: string): Promise<StoredRow[]>;
  kind: "sql" | "storage";
  dataType?: "csv" | "json";
}

export function demoTable(name: string, opts: { extra?: boolean; dataType?: "csv" | "json" } = {}): LoadTable {
  return describeTable({
    name,
    fields: [
      { name: "date", fieldType: "YEAR_MONTH_DAY" },
      { name: "campaign", fieldType: "TEXT" },
      { name: "clicks", fieldType: "NUMBER" },
      { name: "cost", fieldType: "CURRENCY" },
      ...(opts.extra ? [{ name: "extra", fieldType: "TEXT" as const }] : []),
    ],
    partitionColumns: ["date"],
    dataType: opts.dataType,
  });
}

export function demoRows(days: string[], campaigns: number, seed = 1): Row[] {
  const rows: Row[] = [];
  for (const date of days)
    for (let c = 0; c < campaigns; c++)
      rows.push({ date, campaign: `Camp "${c}", spring`, clicks: (c + 1) * seed, cost: Math.round((c + 1) * seed * 1.25 * 100) / 100 });
  return rows;
}

const sorted = (rows: StoredRow[]) =>
  [...rows].sort((a, b) => (a.account + a.date + a.campaign).localeCompare(b.account + b.date + b.campaign));

const sum = (rows: StoredRow[], k: "clicks" | "cost") => Math.round(rows.reduce((s, r) => s + Number(r[k]), 0) * 100) / 100;

export function destinationConformance(label: string, target: ConformanceTarget): void {
  const days = ["2024-03-01", "2024-03-02", "2024-03-03"];
  const scope = (accountId: string, start = days[0]!, end = days[2]!) => ({ accountId, dateColumn: "date", range: { start, end } });

  describe(`${label} loader`, () => {
    it("checks the connection and reports a refused one as a config error", async () => {
      const ok = await target.open();
      await ok.check();
      await ok.close();
      const bad = await target.openRefused();
      const err = await bad.check().then(() => undefined, (e: unknown) => e);
      await bad.close();
      expect(err).toBeInstanceOf(DestinationError);
      expect((err as DestinationError).kind).toBe("config");
      expect((err as DestinationError).message.length).toBeGreaterThan(0);
    });

    it("replaces whole (account, day) partitions exactly once across repeated and narrower runs", async () => {
      const name = `conf_${Math.random().toString(36).slice(2, 8)}`;
      const table = demoTable(name, { dataType: target.dataType });
      const loader = await target.open();
      try {
        await loader.prepare(table);
        await loader.prepare(table); // idempotent
        const first = await loader.load({ table, scope: scope("acc-1"), rows: [demoRows(days, 3)] });
        expect(first).toEqual({ rows: 9, partitions: 3 });
        await loader.load({ table, scope: scope("acc-2"), rows: [demoRows(days, 2, 10)] });
        // The same run again (a retried activity): still 9 rows for acc-1, not 18.
        await loader.load({ table, scope: scope("acc-1"), rows: [demoRows(days, 3)] });
        let rows = await target.readRows(name);
        expect(rows.filter((r) => r.account === "acc-1")).toHaveLength(9);
        expect(rows.filter((r) => r.account === "acc-2")).toHaveLength(6);

        // A restatement run over the last day only, with revised numbers and one campaign fewer.
        await loader.load({ table, scope: scope("acc-1", days[2], days[2]), rows: [demoRows([days[2]!], 2, 7)] });
        rows = await target.readRows(name);
        const acc1 = rows.filter((r) => r.account === "acc-1");
        expect(acc1).toHaveLength(8);
        expect(acc1.filter((r) => r.date === days[2])).toHaveLength(2);
        expect(sum(acc1.filter((r) => r.date === days[2]), "clicks")).toBe(7 + 14);
        expect(sum(acc1.filter((r) => r.date === days[0]), "clicks")).toBe(1 + 2 + 3);
        // The other account was not touched, values and text survive the round trip.
        const acc2 = sorted(rows.filter((r) => r.account === "acc-2"));
        expect(acc2).toHaveLength(6);
        expect(sum(acc2, "cost")).toBe(sum(acc2.map((r) => ({ ...r })), "cost"));
        expect(acc2[0]!.campaign).toBe('Camp "0", spring');
        expect(sum(acc2, "clicks")).toBe(3 * (10 + 20));

        // A day with no rows any more is emptied by a run that covers it.
        await loader.load({ table, scope: scope("acc-2", days[1], days[1]), rows: [[]] });
        rows = await target.readRows(name);
        expect(rows.filter((r) => r.account === "acc-2" && r.date === days[1])).toHaveLength(0);
        expect(rows.filter((r) => r.account === "acc-2")).toHaveLength(4);
      } finally {
        await loader.close();
      }
    });

    it("leaves the previous rows in place when a load fails half-way", async () => {
      const name = `fail_${Math.random().toString(36).slice(2, 8)}`;
      const table = demoTable(name, { dataType: target.dataType });
      const loader = await target.open();
      try {
        await loader.prepare(table);
        await loader.load({ table, scope: scope("acc-1"), rows: [demoRows(days, 2)] });
        async function* broken() {
          yield demoRows([days[0]!], 5, 3);
          throw new Error("extraction died");
        }
        await expect(loader.load({ table, scope: scope("acc-1"), rows: broken() })).rejects.toThrow(/extraction died/);
        // A row outside the scope is refused before anything is replaced for good.
        await expect(
          loader.load({ table, scope: scope("acc-1", days[0], days[0]), rows: [demoRows([days[0]!, "2024-04-01"], 1)] }),
        ).rejects.toThrow(/outside the partition/);
        const rows = await target.readRows(name);
        expect(rows).toHaveLength(6);
        expect(sum(rows, "clicks")).toBe(3 * (1 + 2));
      } finally {
        await loader.close();
      }
    });

    if (target.kind === "sql")
      it("adds the columns of newly added fields without losing rows", async () => {
        const name = `evo_${Math.random().toString(36).slice(2, 8)}`;
        const loader = await target.open();
        try {
          const before = demoTable(name);
          await loader.prepare(before);
          await loader.load({ table: before, scope: scope("acc-1"), rows: [demoRows(days, 1)] });
          const after = demoTable(name, { extra: true });
          await loader.prepare(after);
          await loader.load({
            table: after,
            scope: scope("acc-1", days[2], days[2]),
            rows: [demoRows([days[2]!], 1).map((r) => ({ ...r, extra: "new" }))],
          });
          const rows = sorted(await target.readRows(name));
          expect(rows).toHaveLength(3);
          expect(rows.map((r) => r.extra ?? null)).toEqual([null, null, "new"]);
        } finally {
          await loader.close();
        }
      });
  });
}

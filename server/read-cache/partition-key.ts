// A partition's identity: everything that changes which rows a connector returns for an account
// and a day (platform, options including the report, fields, filters, granularity), as a digest;
// and a fingerprint of what the catalogue says about the stored fields, so rows stored under an
// older definition (a field renamed, retyped or gone) are never served as today's.
import { createHash } from "node:crypto";
import type { CacheShape, DateRange, FieldDef, Filter, Granularity, ReadRequest } from "../../engine/index.js";

function canonical(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(canonical);
  if (value && typeof value === "object") {
    return Object.fromEntries(
      Object.keys(value)
        .sort()
        .map((k) => [k, canonical((value as Record<string, unknown>)[k])]),
    );
  }
  return value;
}

const digest = (value: unknown) => createHash("sha256").update(JSON.stringify(canonical(value))).digest("hex");

export function partitionKey(input: {
  platform: string;
  options?: Record<string, string | string[]>;
  granularity?: Granularity;
  layout: readonly string[];
  filters?: readonly Filter[];
  /** A range partition (a read without the date) is one answer for exactly this range. */
  range?: DateRange;
}): string {
  // Granularity is its own part of the key: an options_granularity=day and none read the same rows.
  const { granularity: _granularity, ...options } = input.options ?? {};
  const filters = (input.filters ?? []).map((f) => canonical(f)).sort((a, b) => JSON.stringify(a).localeCompare(JSON.stringify(b)));
  return digest({ v: 2, platform: input.platform, options, granularity: input.granularity ?? "day", layout: input.layout, filters, range: input.range ?? null });
}

export function catalogueFingerprint(fields: readonly FieldDef[], layout: readonly string[]): string {
  const byId = new Map(fields.map((f) => [f.id, f]));
  return digest(layout.map((id) => {
    const f = byId.get(id);
    return f ? [id, f.type, f.fieldType, f.aggregation] : [id, null];
  })).slice(0, 32);
}

/** The key and catalogue fingerprint of one account's read as a connector receives it. */
export function readPartition(platform: string, request: Pick<ReadRequest, "options" | "granularity" | "filters" | "range">, shape: CacheShape, fields: readonly FieldDef[]): { partitionKey: string; fingerprint: string } {
  const layout = [...shape.layout].sort();
  return {
    partitionKey: partitionKey({ platform, options: request.options, granularity: request.granularity, layout, filters: request.filters, range: shape.by === "range" ? request.range : undefined }),
    fingerprint: catalogueFingerprint(fields, layout),
  };
}

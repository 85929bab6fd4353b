// One value generator for platform fakes that answer ANY requested field (issue 17), so a fake can
// serve a catalogue of hundreds of generated fields without a hand-written model per field.
//
// - Deterministic: the same (seed, field, entity, day, hour) always gives the same number, whatever
//   range or grain was asked for.
// - Metrics are generated once at the finest grain (one entity, one day, one hour) and every coarser
//   answer is a sum of those cells: a day is the sum of its 24 hours, an account the sum of its
//   entities, a range the sum of its days. Breakdown members (age, device, country, ...) split each
//   finest cell by whole units (largest remainder), so the members of a breakdown add up to the
//   unbroken total exactly. Ratios are a hidden numerator over a hidden denominator, both summed
//   the same way, so a ratio over a week is the week's ratio, never an average of days.
// - Typed by the field's kind: counts are integers, amounts have two decimals, micros are integers
//   in millionths, ratios are doubles; dimensions get text, ids, enum members, dates, booleans or
//   URLs as their kind says.
//
// Usage in a fake: describe each field once (kind, enum values), then ask
//   gen.metric(field, { entities, days, hours?, cell? }) for a row's metric, and
//   gen.dimension(field, key) for an attribute of an entity (key = the entity's id).
import { hashString } from "../../../engine/connectors/demo/prng.js";

export type MetricKind =
  /** Additive integers: impressions, clicks. */
  | "count"
  /** Additive amounts with two decimals: cost, revenue. */
  | "amount"
  /** Additive integers in millionths of the unit (Google Ads *_micros). */
  | "micros"
  /** Additive fractional numbers (two decimals): conversions attributed fractionally. */
  | "decimal"
  /** Non-additive: a hidden numerator over a hidden denominator, times `scale` (CTR, CPC, rates). */
  | "ratio"
  /** Non-additive distinct counts (reach, users): never more than the summed events. */
  | "distinct";

export type DimensionKind = "text" | "id" | "enum" | "date" | "datetime" | "boolean" | "url" | "number";

export interface MetricField {
  id: string;
  kind: MetricKind;
  /** For ratios: the multiplier of numerator / denominator (100 for a percentage, 1e6 for micros). */
  scale?: number;
  /** Share of finest cells that are empty (conversions happen in some hours only), 0 to 1. */
  sparse?: number;
}

export interface DimensionField {
  id: string;
  kind: DimensionKind;
  /** Members of an enum, in the platform's spelling. */
  values?: readonly string[];
}

/** One breakdown of a metric: the dimension, all its members, and the member this value is for. */
export interface SplitOf {
  dimension: string;
  members: readonly string[];
  member: string;
}

export interface Scope {
  /** Finest-grain entities whose cells are summed (an account's value is the sum of its ads). */
  entities: readonly string[];
  days: readonly string[];
  /** The hours of each day to sum; absent means all 24. */
  hours?: readonly number[];
  /** Breakdowns applied in this order; the result is the value of one member of each. */
  cell?: readonly SplitOf[];
}

const ALL_HOURS = Array.from({ length: 24 }, (_, h) => h);

/** A fast 32-bit mix of two integers (murmur3's finaliser over a combined word). */
function mix(a: number, b: number): number {
  let h = (a ^ Math.imul(b, 0x9e3779b1)) >>> 0;
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}

const unit = (h: number) => h / 4294967296;

/** Splits `total` whole units over `weights` so the parts sum to `total` exactly (largest remainder). */
export function allocate(total: number, weights: readonly number[]): number[] {
  const sum = weights.reduce((a, b) => a + b, 0);
  if (sum <= 0 || total === 0) return weights.map(() => 0);
  const exact = weights.map((w) => (total * w) / sum);
  const parts = exact.map(Math.floor);
  let left = total - parts.reduce((a, b) => a + b, 0);
  const order = exact.map((x, i) => [x - Math.floor(x), i] as const).sort((a, b) => b[0] - a[0] || a[1] - b[1]);
  for (const [, i] of order) {
    if (left <= 0) break;
    parts[i] += 1;
    left -= 1;
  }
  return parts;
}

export interface FieldValues {
  /** The metric's value over a scope, in the field's unit; null for a ratio with an empty denominator. */
  metric(field: MetricField, scope: Scope): number | null;
  /** A dimension's value for an entity (or any key: a search term, a keyword); `day` for date kinds. */
  dimension(field: DimensionField, key: string, day?: string): string | number | boolean;
  /** The members a breakdown dimension takes: its enum values, or `count` generated labels. */
  members(field: DimensionField, count?: number): string[];
}

/** A generator; fakes of different platforms use different seeds so their numbers differ. */
export function fieldValues(seed = "fake"): FieldValues {
  const root = hashString(seed);
  const strings = new Map<string, number>();
  const hashOf = (text: string) => {
    let h = strings.get(text);
    if (h === undefined) {
      h = mix(root, hashString(text));
      if (strings.size > 100_000) strings.clear();
      strings.set(text, h);
    }
    return h;
  };

  /** Units of one finest cell of an additive series (integers: units, cents, micros, hundredths). */
  function cell(series: string, magnitude: number, entity: string, day: string, hour: number, sparse = 0): number {
    const h = mix(mix(hashOf(series), hashOf(entity)), mix(hashOf(day), hour + 1));
    if (sparse > 0 && unit(mix(h, 0x5bd1e995)) < sparse) return 0;
    // Nights are quieter, as on every ad platform: it keeps hourly reads realistic.
    const daylight = hour >= 7 && hour <= 22 ? 1 : 0.3;
    return Math.floor(unit(h) * magnitude * daylight);
  }

  /** Order of magnitude of a series, fixed per field so fields differ from each other. */
  const magnitudeOf = (series: string, base: number) => base * [1, 3, 10, 30][hashOf(`${series}#m`) % 4];

  function splitShare(units: number, cellKey: readonly SplitOf[], entity: string, day: string): number {
    let value = units;
    for (const split of cellKey) {
      const weights = split.members.map((m) => 1 + (hashOf(`${split.dimension}=${m}|${entity}|${day}`) % 9));
      const index = split.members.indexOf(split.member);
      if (index < 0) return 0;
      value = allocate(value, weights)[index];
    }
    return value;
  }

  /** Sum of an additive series over a scope, in integer units. */
  function sumUnits(series: string, magnitude: number, scope: Scope, sparse = 0): number {
    let total = 0;
    const hours = scope.hours ?? ALL_HOURS;
    for (const entity of scope.entities) {
      for (const day of scope.days) {
        for (const hour of hours) {
          const units = cell(series, magnitude, entity, day, hour, sparse);
          total += scope.cell && scope.cell.length > 0 ? splitShare(units, scope.cell, entity, day) : units;
        }
      }
    }
    return total;
  }

  return {
    metric(field, scope) {
      switch (field.kind) {
        case "count":
          return sumUnits(field.id, magnitudeOf(field.id, 40), scope, field.sparse);
        case "amount":
          return sumUnits(field.id, magnitudeOf(field.id, 2_000), scope, field.sparse) / 100;
        case "micros":
          return sumUnits(field.id, magnitudeOf(field.id, 20) * 1_000_000, scope, field.sparse);
        case "decimal":
          return sumUnits(field.id, magnitudeOf(field.id, 400), scope, field.sparse) / 100;
        case "distinct":
          return Math.floor(sumUnits(field.id, magnitudeOf(field.id, 40), scope, field.sparse) * 0.7);
        case "ratio": {
          const denominator = sumUnits(`${field.id}/den`, 1_000, scope);
          if (denominator === 0) return null;
          // The numerator never exceeds the denominator: a rate stays within [0, 1] before scaling.
          let numerator = 0;
          const hours = scope.hours ?? ALL_HOURS;
          for (const entity of scope.entities) {
            for (const day of scope.days) {
              for (const hour of hours) {
                const den = cell(`${field.id}/den`, 1_000, entity, day, hour);
                const share = unit(mix(hashOf(`${field.id}/num`), mix(hashOf(entity), hashOf(day))));
                const units = Math.floor(den * share);
                numerator += scope.cell && scope.cell.length > 0 ? splitShare(units, scope.cell, entity, day) : units;
              }
            }
          }
          return (numerator / denominator) * (field.scale ?? 1);
        }
      }
    },

    dimension(field, key, day) {
      const h = hashOf(`${field.id}|${key}`);
      switch (field.kind) {
        case "enum":
          return field.values && field.values.length > 0 ? field.values[h % field.values.length] : `${field.id.toUpperCase()}_${(h % 3) + 1}`;
        case "id":
          return String(1_000_000_000 + (h % 9_000_000_000));
        case "number":
          return (h % 100) + 1;
        case "boolean":
          return h % 2 === 0;
        case "date":
          return day ?? dateAt(h);
        case "datetime":
          return `${day ?? dateAt(h)} ${String(h % 24).padStart(2, "0")}:${String((h >>> 5) % 60).padStart(2, "0")}:${String((h >>> 11) % 60).padStart(2, "0")}`;
        case "url":
          return `https://www.example.com/${field.id.replace(/[^a-z0-9]+/gi, "-")}/${h % 1000}`;
        case "text":
          return `${readable(field.id)} ${(h % 5) + 1}`;
      }
    },

    members(field, count = 3) {
      if (field.values && field.values.length > 0) return [...field.values];
      return Array.from({ length: count }, (_, i) => `${readable(field.id)} ${i + 1}`);
    },
  };
}

/** A date in 2024 picked by a hash (attribute dates: start dates, creation dates). */
function dateAt(h: number): string {
  const d = new Date(Date.UTC(2024, 0, 1) + (h % 366) * 86_400_000);
  return d.toISOString().slice(0, 10);
}

/** "ad_group.name" -> "Ad group name": generated text reads like the field it fills. */
function readable(id: string): string {
  const words = id.replace(/[._]+/g, " ").trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

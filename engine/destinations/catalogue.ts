// The configurable destinations (spec 2 §2 Destinations, §3 Destination, §5) as their folders'
// destination.ts entries say (decision 0870), in menu order. Safe to import from the browser bundle
// (no drivers); registry.ts pairs each with its folder's lazily imported open.ts.
import type { DestinationDescription } from "./entry.js";
import { DESTINATION_FOLDERS } from "./folders.generated.js";
import type { DestinationType } from "./types.js";

export { defineDestination, sqlFields, type DestinationDescription, type DestinationField } from "./entry.js";

export const DESTINATION_CATALOGUE: readonly DestinationDescription<DestinationType>[] = DESTINATION_FOLDERS.map((f) => f.destination).sort((a, b) => a.order - b.order);

/** The option type values, in menu order. */
export const DESTINATION_TYPES: readonly DestinationType[] = DESTINATION_CATALOGUE.map((d) => d.type);

const BY_TYPE = new Map<string, DestinationDescription<DestinationType>>(DESTINATION_CATALOGUE.map((d) => [d.type, d]));

export function describeDestination(type: string): DestinationDescription<DestinationType> | undefined {
  return BY_TYPE.get(type);
}

export function isDestinationType(value: string): value is DestinationType {
  return BY_TYPE.has(value);
}

/** Spec 2 §5 for a job's partition fields: a type that takes a single one refuses several. */
export function partitionFieldsProblem(type: string, partitionFields: readonly string[]): string | undefined {
  const description = describeDestination(type);
  if (description?.partition === "single" && partitionFields.length > 1) return `${description.label} takes a single partition field.`;
  return undefined;
}

/** The operator settings of a type (setting -> environment variable), e.g. BigQuery's endpoint overrides. */
export function operatorSettingsOf(type: string): Readonly<Record<string, string>> {
  return describeDestination(type)?.operatorSettings ?? {};
}

/** The settings with the operator's values filled in where the destination has none of its own. */
export function withOperatorSettings(type: string, config: Record<string, string>, env: Readonly<Record<string, string | undefined>>): Record<string, string> {
  const out = { ...config };
  for (const [setting, variable] of Object.entries(operatorSettingsOf(type))) {
    const value = env[variable];
    if (!out[setting] && value) out[setting] = value;
  }
  return out;
}

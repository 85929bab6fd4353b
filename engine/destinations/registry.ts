// Each destination type with its lazy driver: `open` imports the folder's open.ts (and with it the
// driver) only when a load or a check actually happens, so importing this file pulls no pg, mysql2
// or cloud SDK. Server-only.
import { DESTINATION_CATALOGUE, type DestinationDescription } from "./catalogue.js";
import { DestinationError } from "./errors.js";
import { DESTINATION_FOLDERS } from "./folders.generated.js";
import { DESTINATION_OPENERS } from "./openers.generated.js";
import type { DestinationLoader, DestinationType, OpenOptions } from "./types.js";

export type { DestinationDescription, DestinationField } from "./catalogue.js";

export interface DestinationDefinition extends DestinationDescription<DestinationType> {
  /** Loads the driver (dynamic import) and builds a loader for these settings. */
  open(config: Record<string, string>, options: OpenOptions): Promise<DestinationLoader>;
}

const FOLDER_OF = new Map<string, string>(DESTINATION_FOLDERS.map((f) => [f.destination.type, f.folder]));

const DEFINITIONS: DestinationDefinition[] = DESTINATION_CATALOGUE.map((d) => ({
  ...d,
  open: async (config, options) => (await DESTINATION_OPENERS[FOLDER_OF.get(d.type)!]()).open(config, options),
}));
const BY_TYPE = new Map<string, DestinationDefinition>(DEFINITIONS.map((d) => [d.type, d]));

export function listDestinationDefinitions(): DestinationDefinition[] {
  return DEFINITIONS;
}

/** Spec 2 §3: any other option type raises an error. */
export function getDestinationDefinition(type: string): DestinationDefinition {
  const d = BY_TYPE.get(type);
  if (!d) throw new DestinationError(type, "config", `Unknown destination type "${type}".`);
  return d;
}

/** The outbound guard is required (decision 0840): the engine has no unguarded way to open a destination. */
export async function openDestination(type: string, config: Record<string, string>, options: OpenOptions): Promise<DestinationLoader> {
  return getDestinationDefinition(type).open(config, options);
}

// The destination form's rules (spec 2 §5 Destination), shared by the browser and the server: one
// zod schema per destination type, built from the catalogue (engine/destinations/catalogue.ts).
import { z } from "zod";
import { DESTINATION_CATALOGUE, describeDestination, type DestinationDescription } from "../../engine/browser.js";

export const DESTINATION_MESSAGES = {
  name: "You need to set a name to the connection.",
  type: "You need to set a destination to the connection.",
  createdTitle: "Your destination has been added.",
  createdText: "You can now use this destination in connection tab.",
  createFailedTitle: "Unable to create the destination.",
  createFailedText: "An error occurred when we try to add your destination.",
  updatedTitle: "The destination has been updated",
  updatedText: "Your changes are saved.",
  editFailedTitle: "Unable to edit the destination.",
  editFailedText: "An error occurred when we try to edit your destination.",
  deleteConfirmTitle: "Confirm the deletion of the destination",
  deleteConfirmText: "Are you sure you want to delete this destination ?",
  deletedTitle: "The destination has been deleted",
  deleteFailedTitle: "Unable to delete the destination",
  deleteFailedText: "An error occured. Please try again",
  checkFailedTitle: "The connection to the destination failed.",
  keptSecretHint: "Leave empty to keep the saved value. Changing where it connects needs it again.",
} as const;

/** The field error when an edit moves a destination (host, user, ...) but leaves its secret empty. */
export function secretAgainMessage(secretLabel: string, changed: string[]): string {
  return `Enter the ${secretLabel.toLowerCase()} again: you changed the ${changed.map((c) => c.toLowerCase()).join(" and the ")}, and the saved one is never sent to a new place.`;
}

export const DESTINATION_TYPES = DESTINATION_CATALOGUE.map((d) => d.type) as [string, ...string[]];
export const DESTINATION_TYPE_OPTIONS = DESTINATION_CATALOGUE.map((d) => ({ value: d.type, label: d.label }));

const required = (message: string) => z.string({ error: message }).trim().min(1, message);

/**
 * The schema for one type. When editing, secret fields may stay empty: the stored value is kept
 * (secrets are never sent back to the browser).
 */
export function destinationSchema(type: string | undefined, opts: { editing?: boolean } = {}) {
  const description = type ? describeDestination(type) : undefined;
  const shape: Record<string, z.ZodType> = {
    name: required(DESTINATION_MESSAGES.name),
    type: z.enum(DESTINATION_TYPES, { error: DESTINATION_MESSAGES.type }),
  };
  for (const f of description?.fields ?? []) {
    let s: z.ZodType = required(f.required);
    if (f.secret && opts.editing) s = z.string().trim().optional().default("");
    else if (f.pattern) s = required(f.required).regex(f.pattern.regex, f.pattern.message);
    shape[f.name] = s;
  }
  return z.object(shape);
}

export type DestinationFormValues = { name: string; type: string } & Record<string, string>;

export function destinationDescription(type: string | null | undefined): DestinationDescription | undefined {
  return type ? describeDestination(type) : undefined;
}

export function destinationLabel(type: string): string {
  return describeDestination(type)?.label ?? type;
}

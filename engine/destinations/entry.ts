// What a destination folder's destination.ts writes (decision 0870): its catalogue entry (spec 2
// §2 Destinations, §3 Destination, §5). Plain data, no driver: the browser bundle imports it
// through the form's schema, so nothing here may pull pg, mysql2 or a cloud SDK.
import type { DestinationKind } from "./types.js";

export interface DestinationField {
  name: string;
  label: string;
  /** Stored encrypted and never sent back to the browser. */
  secret?: boolean;
  /**
   * Where or as whom the secrets are used (host, user, database, project, access key): changing it
   * on an edit requires the secrets again, or the stored ones would go to the new place (decision 0842).
   */
  addressesSecret?: boolean;
  /** A multi-line input (JSON keys). */
  multiline?: boolean;
  placeholder?: string;
  /** The spec's message when it is missing. */
  required: string;
  /** A format the value must have beyond being present, with the message when it does not. */
  pattern?: { regex: RegExp; message: string };
}

export interface DestinationDescription<Type extends string = string> {
  /** Spec 2 §2 option type value, e.g. big_query. */
  type: Type;
  /** Spec 2 §3 destination identifier. */
  identifier: string;
  label: string;
  kind: DestinationKind;
  /** Spec 2 §5: one partition field for BigQuery, several for the other SQL types, none for storage. */
  partition: "single" | "multiple" | "none";
  fields: DestinationField[];
  /** Place in the destination type menu (spec 2 §2 lists big_query first, azure_blob_storage last). */
  order: number;
  /**
   * Settings an operator may set for every destination of the type (tests' fakes, private
   * endpoints), never on the form: setting name -> environment variable. A destination's own
   * stored value wins.
   */
  operatorSettings?: Readonly<Record<string, string>>;
}

/** Keeps the type's literal, so DestinationType is the union of the folders' types. */
export function defineDestination<const Type extends string>(entry: DestinationDescription<Type>): DestinationDescription<Type> {
  return entry;
}

/** The four fields every SQL database form asks for; `database` adds to the last one (a placeholder, a format). */
export const sqlFields = (database: Partial<DestinationField> = {}): DestinationField[] => [
  { name: "host", label: "Host", required: "You need to put a host.", placeholder: "db.example.com:5432", addressesSecret: true },
  { name: "username", label: "Username", required: "You need to put a username.", addressesSecret: true },
  { name: "password", label: "Password", secret: true, required: "You need to put a password." },
  { name: "database", label: "Database", required: "You need to put a database.", placeholder: undefined, addressesSecret: true, ...database },
];

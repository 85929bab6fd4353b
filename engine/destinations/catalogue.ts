// The nine configurable destinations as data (spec 2 §2 Destinations, §3 Destination, §5): safe to
// import from the browser bundle (no drivers). registry.ts pairs each with its lazy driver.
import type { DestinationKind, DestinationType } from "./types.js";

export interface DestinationField {
  name: string;
  label: string;
  /** Stored encrypted and never sent back to the browser. */
  secret?: boolean;
  /**
   * Where or as whom the secrets are used (host, user, database, project, access key): changing it
   * on an edit requires the secrets again, or the stored ones would go to the new place.
   */
  addressesSecret?: boolean;
  /** A multi-line input (JSON keys). */
  multiline?: boolean;
  placeholder?: string;
  /** The spec's message when it is missing. */
  required: string;
}

export interface DestinationDescription {
  type: DestinationType;
  /** Spec 2 §3 destination identifier. */
  identifier: string;
  label: string;
  kind: DestinationKind;
  /** Spec 2 §5: one partition field for BigQuery, several for the other SQL types, none for storage. */
  partition: "single" | "multiple" | "none";
  fields: DestinationField[];
}

const sqlFields = (extra?: Partial<Record<"database", string>>): DestinationField[] => [
  { name: "host", label: "Host", required: "You need to put a host.", placeholder: "db.example.com:5432", addressesSecret: true },
  { name: "username", label: "Username", required: "You need to put a username.", addressesSecret: true },
  { name: "password", label: "Password", secret: true, required: "You need to put a password." },
  { name: "database", label: "Database", required: "You need to put a database.", placeholder: extra?.database, addressesSecret: true },
];

export const DESTINATION_CATALOGUE: DestinationDescription[] = [
  {
    type: "big_query",
    identifier: "GOOGLE_BIG_QUERY",
    label: "BigQuery",
    kind: "sql",
    partition: "single",
    fields: [
      { name: "projectId", label: "Project Id", required: "You need to pass a project Id", addressesSecret: true },
      { name: "dataSetId", label: "Dataset Id", required: "You need to put a dataSet Id" },
      { name: "jsonKey", label: "JSON key", secret: true, multiline: true, required: "You need to pass the a json key." },
    ],
  },
  {
    type: "mysql",
    identifier: "MYSQL",
    label: "MySQL",
    kind: "sql",
    partition: "multiple",
    fields: sqlFields(),
  },
  {
    type: "postgres",
    identifier: "POSTGRES",
    label: "Postgres",
    kind: "sql",
    partition: "multiple",
    fields: sqlFields(),
  },
  {
    type: "redshift",
    identifier: "REDSHIFT",
    label: "Redshift",
    kind: "sql",
    partition: "multiple",
    fields: sqlFields(),
  },
  {
    type: "azure_sql",
    identifier: "AZURE_SQL",
    label: "Azure SQL",
    kind: "sql",
    partition: "multiple",
    fields: sqlFields(),
  },
  {
    type: "snowflake",
    identifier: "SNOWFLAKE",
    label: "Snowflake",
    kind: "sql",
    partition: "multiple",
    fields: sqlFields({ database: "database.schema" }),
  },
  {
    type: "amazon_s3",
    identifier: "AMAZON_S3",
    label: "Amazon S3",
    kind: "storage",
    partition: "none",
    fields: [
      { name: "accessKey", label: "Access key", required: "You need to put your access key.", addressesSecret: true },
      { name: "secretKey", label: "Secret key", secret: true, required: "You need to put your secret key." },
      { name: "bucketId", label: "Bucket Id", required: "You need to put your bucket Id." },
      { name: "region", label: "Region", required: "You need to put your region.", placeholder: "eu-west-1", addressesSecret: true },
    ],
  },
  {
    type: "google_cloud_storage",
    identifier: "GOOGLE_CLOUD_STORAGE",
    label: "Google Cloud Storage",
    kind: "storage",
    partition: "none",
    fields: [
      { name: "bucketId", label: "Bucket Id", required: "You need to put your bucket Id." },
      { name: "jsonKey", label: "JSON key", secret: true, multiline: true, required: "You need to pass the a json key." },
    ],
  },
  {
    type: "azure_blob_storage",
    identifier: "AZURE_BLOB_STORAGE",
    label: "Azure Blob Storage",
    kind: "storage",
    partition: "none",
    fields: [
      { name: "bucketId", label: "Container", required: "You need to put your bucket Id." },
      { name: "connectionString", label: "Connection string", secret: true, required: "You need to put your connection string." },
    ],
  },
];

const BY_TYPE = new Map(DESTINATION_CATALOGUE.map((d) => [d.type, d]));

export function describeDestination(type: string): DestinationDescription | undefined {
  return BY_TYPE.get(type as DestinationType);
}

// The nine configurable destinations as data (spec 2 §2 Destinations, §3 Destination, §5), each
// with a lazy `open` that imports its driver only when a load or a check actually happens.
import { DestinationError } from "./errors.js";
import { DESTINATION_TYPES, type DestinationKind, type DestinationLoader, type DestinationType } from "./types.js";

export interface DestinationField {
  name: string;
  label: string;
  /** Stored encrypted and never sent back to the browser. */
  secret?: boolean;
  /** A multi-line input (JSON keys). */
  multiline?: boolean;
  placeholder?: string;
  /** The spec's message when it is missing. */
  required: string;
}

export interface DestinationDefinition {
  type: DestinationType;
  /** Spec 2 §3 destination identifier. */
  identifier: string;
  label: string;
  kind: DestinationKind;
  /** Spec 2 §5: one partition field for BigQuery, several for the other SQL types, none for storage. */
  partition: "single" | "multiple" | "none";
  fields: DestinationField[];
  /** Loads the driver (dynamic import) and builds a loader for these settings. */
  open(config: Record<string, string>): Promise<DestinationLoader>;
}

const sqlFields = (extra?: Partial<Record<"database", string>>): DestinationField[] => [
  { name: "host", label: "Host", required: "You need to put a host.", placeholder: "db.example.com:5432" },
  { name: "username", label: "Username", required: "You need to put a username." },
  { name: "password", label: "Password", secret: true, required: "You need to put a password." },
  { name: "database", label: "Database", required: "You need to put a database.", placeholder: extra?.database },
];

/** Optional settings an operator may pass (not on the form): endpoint overrides for local servers. */
const endpoint = (config: Record<string, string>) => config.endpoint || undefined;

const DEFINITIONS: DestinationDefinition[] = [
  {
    type: "big_query",
    identifier: "GOOGLE_BIG_QUERY",
    label: "BigQuery",
    kind: "sql",
    partition: "single",
    fields: [
      { name: "projectId", label: "Project Id", required: "You need to pass a project Id" },
      { name: "dataSetId", label: "Dataset Id", required: "You need to put a dataSet Id" },
      { name: "jsonKey", label: "JSON key", secret: true, multiline: true, required: "You need to pass the a json key." },
    ],
    open: async (c) => new (await import("./big-query/loader.js")).BigQueryLoader({ projectId: c.projectId!, dataSetId: c.dataSetId!, jsonKey: c.jsonKey!, endpoint: endpoint(c) }),
  },
  {
    type: "mysql",
    identifier: "MYSQL",
    label: "MySQL",
    kind: "sql",
    partition: "multiple",
    fields: sqlFields(),
    open: async (c) => new (await import("./mysql/loader.js")).MysqlLoader({ host: c.host!, username: c.username!, password: c.password!, database: c.database! }),
  },
  {
    type: "postgres",
    identifier: "POSTGRES",
    label: "Postgres",
    kind: "sql",
    partition: "multiple",
    fields: sqlFields(),
    open: async (c) => new (await import("./postgres/loader.js")).PostgresLoader({ host: c.host!, username: c.username!, password: c.password!, database: c.database!, ssl: c.ssl === "true" }, "postgres"),
  },
  {
    type: "redshift",
    identifier: "REDSHIFT",
    label: "Redshift",
    kind: "sql",
    partition: "multiple",
    fields: sqlFields(),
    open: async (c) => new (await import("./postgres/loader.js")).PostgresLoader({ host: c.host!, username: c.username!, password: c.password!, database: c.database!, ssl: c.ssl !== "false" }, "redshift"),
  },
  {
    type: "azure_sql",
    identifier: "AZURE_SQL",
    label: "Azure SQL",
    kind: "sql",
    partition: "multiple",
    fields: sqlFields(),
    open: async (c) => new (await import("./azure-sql/loader.js")).AzureSqlLoader({ host: c.host!, username: c.username!, password: c.password!, database: c.database! }),
  },
  {
    type: "snowflake",
    identifier: "SNOWFLAKE",
    label: "Snowflake",
    kind: "sql",
    partition: "multiple",
    fields: sqlFields({ database: "database.schema" }),
    open: async (c) => new (await import("./snowflake/loader.js")).SnowflakeLoader({ host: c.host!, username: c.username!, password: c.password!, database: c.database!, endpoint: endpoint(c) }),
  },
  {
    type: "amazon_s3",
    identifier: "AMAZON_S3",
    label: "Amazon S3",
    kind: "storage",
    partition: "none",
    fields: [
      { name: "accessKey", label: "Access key", required: "You need to put your access key." },
      { name: "secretKey", label: "Secret key", secret: true, required: "You need to put your secret key." },
      { name: "bucketId", label: "Bucket Id", required: "You need to put your bucket Id." },
      { name: "region", label: "Region", required: "You need to put your region.", placeholder: "eu-west-1" },
    ],
    open: async (c) => {
      const { S3Store } = await import("./amazon-s3/store.js");
      const { ObjectStoreLoader } = await import("./object-store.js");
      return new ObjectStoreLoader("amazon_s3", new S3Store({ accessKey: c.accessKey!, secretKey: c.secretKey!, bucket: c.bucketId!, region: c.region!, endpoint: endpoint(c) }));
    },
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
    open: async (c) => {
      const { GcsStore } = await import("./google-cloud-storage/store.js");
      const { ObjectStoreLoader } = await import("./object-store.js");
      return new ObjectStoreLoader("google_cloud_storage", new GcsStore({ bucket: c.bucketId!, jsonKey: c.jsonKey!, endpoint: endpoint(c) }));
    },
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
    open: async (c) => {
      const { AzureBlobStore } = await import("./azure-blob-storage/store.js");
      const { ObjectStoreLoader } = await import("./object-store.js");
      return new ObjectStoreLoader("azure_blob_storage", new AzureBlobStore({ container: c.bucketId!, connectionString: c.connectionString! }));
    },
  },
];

const BY_TYPE = new Map(DEFINITIONS.map((d) => [d.type, d]));

export function listDestinationDefinitions(): DestinationDefinition[] {
  return DEFINITIONS;
}

export function isDestinationType(value: string): value is DestinationType {
  return (DESTINATION_TYPES as readonly string[]).includes(value);
}

/** Spec 2 §3: any other option type raises an error. */
export function getDestinationDefinition(type: string): DestinationDefinition {
  const d = isDestinationType(type) ? BY_TYPE.get(type) : undefined;
  if (!d) throw new DestinationError(type, "config", `Unknown destination type "${type}".`);
  return d;
}

export async function openDestination(type: string, config: Record<string, string>): Promise<DestinationLoader> {
  return getDestinationDefinition(type).open(config);
}

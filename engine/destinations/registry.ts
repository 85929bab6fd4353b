// Each destination type with its lazy driver: `open` imports the driver only when a load or a check
// actually happens, so importing this file pulls no pg, mysql2 or cloud SDK. Server-only.
import type { OutboundGuard } from "../core/outbound.js";
import { DESTINATION_CATALOGUE, type DestinationDescription } from "./catalogue.js";
import { DestinationError } from "./errors.js";
import { DESTINATION_TYPES, type DestinationLoader, type DestinationType } from "./types.js";

export type { DestinationDescription, DestinationField } from "./catalogue.js";

export interface OpenOptions {
  /**
   * The outbound-address guard (decision 0840): hosts, endpoints and connection strings are the
   * tenant's, so every driver connects only where the guard allows. Required: the engine has no
   * unguarded way to open a destination.
   */
  outbound: OutboundGuard;
}

export interface DestinationDefinition extends DestinationDescription {
  /** Loads the driver (dynamic import) and builds a loader for these settings. */
  open(config: Record<string, string>, options: OpenOptions): Promise<DestinationLoader>;
}

/** Optional settings an operator may pass (not on the form): endpoint overrides for local servers. */
const endpoint = (config: Record<string, string>) => config.endpoint || undefined;

const OPENERS: Record<DestinationType, DestinationDefinition["open"]> = {
  // Google's hosts are fixed (the key's token_uri is not read; the project id is a path segment):
  // only the operator's endpoint and token URL move them.
  big_query: async (c) =>
    new (await import("./bigquery/loader.js")).BigQueryLoader({
      projectId: c.projectId!,
      datasetId: c.dataSetId!,
      jsonKey: c.jsonKey!,
      endpoint: endpoint(c),
      tokenUrl: c.tokenUrl || undefined,
      location: c.location || undefined,
    }),
  mysql: async (c, { outbound }) => new (await import("./mysql/loader.js")).MysqlLoader({ host: c.host!, username: c.username!, password: c.password!, database: c.database!, outbound }),
  postgres: async (c, { outbound }) =>
    new (await import("./postgres/loader.js")).PostgresLoader({ host: c.host!, username: c.username!, password: c.password!, database: c.database!, ssl: c.ssl === "true", outbound }, "postgres"),
  redshift: async (c, { outbound }) =>
    new (await import("./postgres/loader.js")).PostgresLoader({ host: c.host!, username: c.username!, password: c.password!, database: c.database!, ssl: c.ssl !== "false", outbound }, "redshift"),
  azure_sql: async (c, { outbound }) => new (await import("./azure-sql/loader.js")).AzureSqlLoader({ host: c.host!, username: c.username!, password: c.password!, database: c.database!, outbound }),
  snowflake: async (c, { outbound }) =>
    new (await import("./snowflake/loader.js")).SnowflakeLoader({
      host: c.host!,
      username: c.username!,
      password: c.password!,
      database: c.database!,
      warehouse: c.warehouse || undefined,
      role: c.role || undefined,
      endpoint: endpoint(c),
      outbound,
    }),
  amazon_s3: async (c, { outbound }) => {
    const { S3Store } = await import("./amazon-s3/store.js");
    const { ObjectStoreLoader } = await import("./object-store.js");
    return new ObjectStoreLoader("amazon_s3", new S3Store({ accessKey: c.accessKey!, secretKey: c.secretKey!, bucket: c.bucketId!, region: c.region!, endpoint: endpoint(c), outbound }));
  },
  google_cloud_storage: async (c) => {
    const { GcsStore } = await import("./google-cloud-storage/store.js");
    const { ObjectStoreLoader } = await import("./object-store.js");
    return new ObjectStoreLoader("google_cloud_storage", new GcsStore({ bucket: c.bucketId!, jsonKey: c.jsonKey!, endpoint: endpoint(c) }));
  },
  azure_blob_storage: async (c, { outbound }) => {
    const { AzureBlobStore } = await import("./azure-blob-storage/store.js");
    const { ObjectStoreLoader } = await import("./object-store.js");
    return new ObjectStoreLoader("azure_blob_storage", new AzureBlobStore({ container: c.bucketId!, connectionString: c.connectionString!, outbound }));
  },
};

const DEFINITIONS: DestinationDefinition[] = DESTINATION_CATALOGUE.map((d) => ({ ...d, open: OPENERS[d.type] }));
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

export async function openDestination(type: string, config: Record<string, string>, options: OpenOptions): Promise<DestinationLoader> {
  return getDestinationDefinition(type).open(config, options);
}

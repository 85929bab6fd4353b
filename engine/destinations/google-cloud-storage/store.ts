// Google Cloud Storage with the official client; `endpoint` points it at a local server (fake-gcs-server).
import type { Bucket } from "@google-cloud/storage";
import { DestinationError } from "../errors.js";
import type { ObjectStore } from "../object-store.js";

export interface GcsConfig {
  bucket: string;
  /** The service account key as pasted (JSON text). */
  jsonKey: string;
  endpoint?: string;
}

function classify(error: unknown): DestinationError {
  const e = error as { code?: number | string; message?: string };
  const message = e.message ?? String(error);
  if (e.code === 401 || e.code === 403 || e.code === 404 || e.code === 400 || e.code === "ENOTFOUND")
    return new DestinationError("google_cloud_storage", "config", message, error);
  if (e.code === "ECONNREFUSED") return new DestinationError("google_cloud_storage", "config", `The server refused the connection (${message}).`, error);
  return new DestinationError("google_cloud_storage", "transient", message, error);
}

export function parseServiceAccountKey(jsonKey: string, destination: string): { client_email: string; private_key: string; project_id?: string } {
  let key: unknown;
  try {
    key = JSON.parse(jsonKey);
  } catch {
    throw new DestinationError(destination, "config", "The JSON key is not valid JSON.");
  }
  const k = key as Record<string, unknown>;
  if (typeof k.client_email !== "string" || typeof k.private_key !== "string")
    throw new DestinationError(destination, "config", "The JSON key needs client_email and private_key (a service account key).");
  return { client_email: k.client_email, private_key: k.private_key, project_id: typeof k.project_id === "string" ? k.project_id : undefined };
}

export class GcsStore implements ObjectStore {
  private bucketRef: Bucket | undefined;

  constructor(private readonly config: GcsConfig) {}

  private async bucket(): Promise<Bucket> {
    if (this.bucketRef) return this.bucketRef;
    const key = parseServiceAccountKey(this.config.jsonKey, "google_cloud_storage");
    const { Storage } = await import("@google-cloud/storage");
    const storage = new Storage({
      projectId: key.project_id,
      credentials: { client_email: key.client_email, private_key: key.private_key },
      apiEndpoint: this.config.endpoint,
      // A local emulator takes no OAuth token; the real API gets one from the key.
      ...(this.config.endpoint ? { token: "local", authClient: undefined } : {}),
      retryOptions: { autoRetry: true, maxRetries: 3 },
    });
    if (this.config.endpoint) {
      // The client would sign a JWT and exchange it at oauth2.googleapis.com; an emulator needs none.
      (storage as unknown as { authClient: { getAccessToken: () => Promise<{ token: string }>; getRequestHeaders: () => Promise<Record<string, string>> } }).authClient = {
        getAccessToken: async () => ({ token: "local" }),
        getRequestHeaders: async () => ({ Authorization: "Bearer local" }),
      } as never;
    }
    this.bucketRef = storage.bucket(this.config.bucket);
    return this.bucketRef;
  }

  async check(): Promise<void> {
    try {
      const [exists] = await (await this.bucket()).exists();
      if (!exists) throw new DestinationError("google_cloud_storage", "config", `The bucket ${this.config.bucket} does not exist.`);
    } catch (error) {
      if (error instanceof DestinationError) throw error;
      throw classify(error);
    }
  }

  async put(key: string, body: Buffer, contentType: string): Promise<void> {
    try {
      await (await this.bucket()).file(key).save(body, { contentType, resumable: false, validation: false });
    } catch (error) {
      throw classify(error);
    }
  }

  async delete(key: string): Promise<void> {
    try {
      await (await this.bucket()).file(key).delete({ ignoreNotFound: true });
    } catch (error) {
      throw classify(error);
    }
  }

  async list(prefix: string): Promise<string[]> {
    const [files] = await (await this.bucket()).getFiles({ prefix });
    return files.map((f) => f.name);
  }

  async get(key: string): Promise<Buffer> {
    const [data] = await (await this.bucket()).file(key).download();
    return data;
  }
}

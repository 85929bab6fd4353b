// Azure Blob Storage with the official client (block blobs; one upload per object is atomic).
import type { ContainerClient } from "@azure/storage-blob";
import { DestinationError } from "../errors.js";
import type { ObjectStore } from "../object-store.js";

export interface AzureBlobConfig {
  container: string;
  connectionString: string;
}

function classify(error: unknown): DestinationError {
  const e = error as { statusCode?: number; code?: string; message?: string };
  const message = e.message ?? String(error);
  if (e.statusCode === 403 || e.statusCode === 404 || e.statusCode === 400 || e.code === "ENOTFOUND" || e.code === "ContainerNotFound" || e.code === "AuthenticationFailed")
    return new DestinationError("azure_blob_storage", "config", message, error);
  if (e.code === "ECONNREFUSED") return new DestinationError("azure_blob_storage", "config", `The server refused the connection (${message}).`, error);
  return new DestinationError("azure_blob_storage", "transient", message, error);
}

export class AzureBlobStore implements ObjectStore {
  private client: ContainerClient | undefined;

  constructor(private readonly config: AzureBlobConfig) {}

  private async container(): Promise<ContainerClient> {
    if (this.client) return this.client;
    const { BlobServiceClient } = await import("@azure/storage-blob");
    let service;
    try {
      service = BlobServiceClient.fromConnectionString(this.config.connectionString, { retryOptions: { maxTries: 3, tryTimeoutInMs: 30_000 } });
    } catch (error) {
      throw new DestinationError("azure_blob_storage", "config", `The connection string is not valid: ${(error as Error).message}`, error);
    }
    this.client = service.getContainerClient(this.config.container);
    return this.client;
  }

  async check(): Promise<void> {
    try {
      const exists = await (await this.container()).exists();
      if (!exists) throw new DestinationError("azure_blob_storage", "config", `The container ${this.config.container} does not exist.`);
    } catch (error) {
      if (error instanceof DestinationError) throw error;
      throw classify(error);
    }
  }

  async put(key: string, body: Buffer, contentType: string): Promise<void> {
    try {
      await (await this.container()).getBlockBlobClient(key).uploadData(body, { blobHTTPHeaders: { blobContentType: contentType } });
    } catch (error) {
      throw classify(error);
    }
  }

  async delete(key: string): Promise<void> {
    try {
      await (await this.container()).getBlockBlobClient(key).deleteIfExists();
    } catch (error) {
      throw classify(error);
    }
  }

  async list(prefix: string): Promise<string[]> {
    const keys: string[] = [];
    for await (const b of (await this.container()).listBlobsFlat({ prefix })) keys.push(b.name);
    return keys;
  }

  async get(key: string): Promise<Buffer> {
    return (await this.container()).getBlockBlobClient(key).downloadToBuffer();
  }
}

// Azure Blob Storage with the official client (block blobs; one upload per object is atomic).
import type { ContainerClient, RequestPolicy, RequestPolicyFactory, WebResource } from "@azure/storage-blob";
import type { OutboundGuard } from "../../core/outbound.js";
import { DestinationError, reachError } from "../errors.js";
import type { ObjectStore } from "../object-store.js";

export interface AzureBlobConfig {
  container: string;
  connectionString: string;
  /** The connection string's BlobEndpoint is the tenant's: sockets go through the guard. */
  outbound: OutboundGuard;
}

function classify(error: unknown, where: string, during: "check" | "load"): DestinationError {
  const reach = reachError("azure_blob_storage", error, during, where);
  if (reach) return reach;
  const e = error as { statusCode?: number; code?: string; message?: string };
  const message = e.message ?? String(error);
  if (e.statusCode === 403 || e.statusCode === 404 || e.statusCode === 400 || e.code === "ContainerNotFound" || e.code === "AuthenticationFailed")
    return new DestinationError("azure_blob_storage", "config", message, error);
  return new DestinationError("azure_blob_storage", "transient", message, error);
}

/** A request policy that sends every request through the guard's agents (the SDK takes a request's own agent first). */
function guardedAgents(outbound: OutboundGuard): RequestPolicyFactory {
  return {
    create: (next: RequestPolicy): RequestPolicy => ({
      sendRequest(request: WebResource) {
        request.agent = request.url.startsWith("http:") ? outbound.httpAgent : outbound.httpsAgent;
        return next.sendRequest(request);
      },
    }),
  };
}

export class AzureBlobStore implements ObjectStore {
  private client: ContainerClient | undefined;
  private endpoint = "Azure Blob Storage";

  constructor(private readonly config: AzureBlobConfig) {}

  private async container(): Promise<ContainerClient> {
    if (this.client) return this.client;
    const { BlobServiceClient, newPipeline } = await import("@azure/storage-blob");
    let parsed;
    try {
      // Parsing only (no request): the account URL and credential, without the string's proxy setting.
      parsed = BlobServiceClient.fromConnectionString(this.config.connectionString);
    } catch (error) {
      throw new DestinationError("azure_blob_storage", "config", `The connection string is not valid: ${(error as Error).message}`, error);
    }
    const pipeline = newPipeline(parsed.credential, { retryOptions: { maxTries: 3, tryTimeoutInMs: 30_000 } });
    pipeline.factories.push(guardedAgents(this.config.outbound));
    this.endpoint = new URL(parsed.url).host;
    this.client = new BlobServiceClient(parsed.url, pipeline).getContainerClient(this.config.container);
    return this.client;
  }

  async check(): Promise<void> {
    try {
      const exists = await (await this.container()).exists();
      if (!exists) throw new DestinationError("azure_blob_storage", "config", `The container ${this.config.container} does not exist.`);
    } catch (error) {
      if (error instanceof DestinationError) throw error;
      throw classify(error, this.endpoint, "check");
    }
  }

  async put(key: string, body: Buffer, contentType: string): Promise<void> {
    try {
      await (await this.container()).getBlockBlobClient(key).uploadData(body, { blobHTTPHeaders: { blobContentType: contentType } });
    } catch (error) {
      throw classify(error, this.endpoint, "load");
    }
  }

  async delete(key: string): Promise<void> {
    try {
      await (await this.container()).getBlockBlobClient(key).deleteIfExists();
    } catch (error) {
      throw classify(error, this.endpoint, "load");
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

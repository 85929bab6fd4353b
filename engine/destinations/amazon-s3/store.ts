// Amazon S3 (and S3-compatible servers through `endpoint`, path-style) with the official SDK v3.
import type { S3Client } from "@aws-sdk/client-s3";
import type { OutboundGuard } from "../../core/outbound.js";
import { DestinationError, reachError } from "../errors.js";
import type { ObjectStore } from "../object-store.js";

export interface S3Config {
  accessKey: string;
  secretKey: string;
  bucket: string;
  region: string;
  /** An S3-compatible server (MinIO in our tests); path-style addressing then. */
  endpoint?: string;
  /** The region (and the bucket, in the host name) are the tenant's: sockets go through the guard. */
  outbound: OutboundGuard;
}

const CONFIG_ERRORS = new Set(["NoSuchBucket", "AccessDenied", "InvalidAccessKeyId", "SignatureDoesNotMatch", "PermanentRedirect", "AuthorizationHeaderMalformed", "NotFound", "Forbidden", "InvalidBucketName"]);

function classify(error: unknown, where: string, during: "check" | "load"): DestinationError {
  const reach = reachError("amazon_s3", error, during, where);
  if (reach) return reach;
  const e = error as { name?: string; message?: string; $metadata?: { httpStatusCode?: number }; code?: string };
  const status = e.$metadata?.httpStatusCode;
  const name = e.name ?? e.code ?? "";
  const message = e.message && e.message !== "UnknownError" ? e.message : `${name || "S3 error"}${status ? ` (HTTP ${status})` : ""}`;
  if (CONFIG_ERRORS.has(name) || status === 403 || status === 404 || status === 400) return new DestinationError("amazon_s3", "config", message, error);
  return new DestinationError("amazon_s3", "transient", message, error);
}

export class S3Store implements ObjectStore {
  private client: S3Client | undefined;
  private sdk: typeof import("@aws-sdk/client-s3") | undefined;

  constructor(private readonly config: S3Config) {}

  private where(): string {
    return this.config.endpoint ? new URL(this.config.endpoint).host : `the bucket ${this.config.bucket} (${this.config.region})`;
  }

  private async s3(): Promise<{ client: S3Client; sdk: typeof import("@aws-sdk/client-s3") }> {
    if (!this.client || !this.sdk) {
      this.sdk = await import("@aws-sdk/client-s3");
      this.client = new this.sdk.S3Client({
        region: this.config.region,
        credentials: { accessKeyId: this.config.accessKey, secretAccessKey: this.config.secretKey },
        endpoint: this.config.endpoint,
        forcePathStyle: Boolean(this.config.endpoint),
        maxAttempts: 3,
        requestHandler: { httpAgent: this.config.outbound.httpAgent, httpsAgent: this.config.outbound.httpsAgent },
      });
    }
    return { client: this.client, sdk: this.sdk };
  }

  async check(): Promise<void> {
    const { client, sdk } = await this.s3();
    try {
      await client.send(new sdk.HeadBucketCommand({ Bucket: this.config.bucket }));
    } catch (error) {
      throw classify(error, this.where(), "check");
    }
  }

  async put(key: string, body: Buffer, contentType: string): Promise<void> {
    const { client, sdk } = await this.s3();
    try {
      await client.send(new sdk.PutObjectCommand({ Bucket: this.config.bucket, Key: key, Body: body, ContentType: contentType }));
    } catch (error) {
      throw classify(error, this.where(), "load");
    }
  }

  async delete(key: string): Promise<void> {
    const { client, sdk } = await this.s3();
    try {
      await client.send(new sdk.DeleteObjectCommand({ Bucket: this.config.bucket, Key: key }));
    } catch (error) {
      throw classify(error, this.where(), "load");
    }
  }

  async list(prefix: string): Promise<string[]> {
    const { client, sdk } = await this.s3();
    const keys: string[] = [];
    let token: string | undefined;
    do {
      const page = await client.send(new sdk.ListObjectsV2Command({ Bucket: this.config.bucket, Prefix: prefix, ContinuationToken: token }));
      for (const o of page.Contents ?? []) if (o.Key) keys.push(o.Key);
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
    return keys;
  }

  async get(key: string): Promise<Buffer> {
    const { client, sdk } = await this.s3();
    const res = await client.send(new sdk.GetObjectCommand({ Bucket: this.config.bucket, Key: key }));
    return Buffer.from(await res.Body!.transformToByteArray());
  }
}

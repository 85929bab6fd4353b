// The storage destinations (one object per account and day, csv or json) against local servers:
// Azurite for Azure Blob, fake-gcs-server for GCS, MinIO for S3.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AzureBlobStore } from "../../engine/destinations/azure-blob-storage/store.js";
import { GcsStore } from "../../engine/destinations/google-cloud-storage/store.js";
import { S3Store } from "../../engine/destinations/amazon-s3/store.js";
import { outboundGuard } from "../../lib/outbound/guard.js";
import { ObjectStoreLoader, parseObject, type ObjectStore } from "../../engine/destinations/object-store.js";
import type { DataFormat, DestinationType } from "../../engine/destinations/types.js";
import { demoRows, demoTable, destinationConformance, type StoredRow } from "../support/destination-conformance.js";
import { startAzurite, startFakeGcs, startMinio, type LocalServer } from "../support/local-servers.js";

async function readBack(store: ObjectStore, table: string, format: DataFormat): Promise<StoredRow[]> {
  const rows: StoredRow[] = [];
  for (const key of await store.list(`${table}/`)) {
    for (const r of parseObject((await store.get(key)).toString("utf8"), format))
      rows.push({ account: r._account_id!, date: r.date!, campaign: r.campaign!, clicks: Number(r.clicks), cost: Number(r.cost), extra: r.extra ?? null });
  }
  return rows;
}

function storageSuite(label: string, type: DestinationType, start: () => Promise<{ stop: () => Promise<void>; good: () => ObjectStore; refused: () => ObjectStore }>) {
  describe(label, () => {
    let env: Awaited<ReturnType<typeof start>>;
    beforeAll(async () => {
      env = await start();
    });
    afterAll(async () => {
      await env?.stop();
    });
    for (const format of ["csv", "json"] as const) {
      destinationConformance(`${label} (${format})`, {
        kind: "storage",
        dataType: format,
        open: async () => new ObjectStoreLoader(type, env.good()),
        openRefused: async () => new ObjectStoreLoader(type, env.refused()),
        readRows: (table) => readBack(env.good(), table, format),
      });
    }
    it("writes one object per account and day under deterministic keys", async () => {
      const store = env.good();
      const loader = new ObjectStoreLoader(type, store);
      const table = demoTable("keys/daily", { dataType: "csv" });
      const scope = { accountId: "act 1/x", dateColumn: "date", range: { start: "2024-05-01", end: "2024-05-02" } };
      await loader.load({ table, scope, rows: [demoRows(["2024-05-01", "2024-05-02"], 2)] });
      await loader.load({ table, scope, rows: [demoRows(["2024-05-01", "2024-05-02"], 2)] });
      expect((await store.list("keys/daily/")).sort()).toEqual(["keys/daily/act+1%2Fx/2024-05-01.csv", "keys/daily/act+1%2Fx/2024-05-02.csv"]);
      const text = (await store.get("keys/daily/act+1%2Fx/2024-05-01.csv")).toString("utf8");
      expect(text.split("\n")[0]).toBe("_account_id,date,campaign,clicks,cost");
      expect(text.split("\n").filter(Boolean)).toHaveLength(3);
    });
  });
}

storageSuite("Azure Blob Storage on Azurite", "azure_blob_storage", async () => {
  const server = await startAzurite();
  const { BlobServiceClient } = await import("@azure/storage-blob");
  await BlobServiceClient.fromConnectionString(server.connectionString()).getContainerClient("exports").create();
  return {
    stop: server.stop,
    good: () => new AzureBlobStore({ container: "exports", connectionString: server.connectionString(), outbound: outboundGuard() }),
    refused: () => new AzureBlobStore({ container: "exports", connectionString: server.connectionString(Buffer.from("not-the-key").toString("base64")), outbound: outboundGuard() }),
  };
});

const FAKE_KEY = JSON.stringify({ type: "service_account", project_id: "signalpost-test", client_email: "loader@signalpost-test.iam.gserviceaccount.com", private_key: "-----BEGIN PRIVATE KEY-----\nlocal\n-----END PRIVATE KEY-----\n" });

storageSuite("Google Cloud Storage on fake-gcs-server", "google_cloud_storage", async () => {
  const server: LocalServer & { endpoint: string } = await startFakeGcs();
  const res = await fetch(`${server.endpoint}/storage/v1/b?project=signalpost-test`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ name: "exports" }) });
  if (!res.ok) throw new Error(`could not create the bucket: ${res.status} ${await res.text()}`);
  return {
    stop: server.stop,
    good: () => new GcsStore({ bucket: "exports", jsonKey: FAKE_KEY, endpoint: server.endpoint }),
    // fake-gcs-server accepts any token, so a missing bucket is what it refuses.
    refused: () => new GcsStore({ bucket: "no-such-bucket", jsonKey: FAKE_KEY, endpoint: server.endpoint }),
  };
});

storageSuite("Amazon S3 on MinIO", "amazon_s3", async () => {
  const server = await startMinio();
  const { S3Client, CreateBucketCommand } = await import("@aws-sdk/client-s3");
  const admin = new S3Client({ region: "us-east-1", endpoint: server.endpoint, forcePathStyle: true, credentials: { accessKeyId: server.accessKey, secretAccessKey: server.secretKey } });
  await admin.send(new CreateBucketCommand({ Bucket: "exports" }));
  const cfg = { accessKey: server.accessKey, secretKey: server.secretKey, bucket: "exports", region: "us-east-1", endpoint: server.endpoint, outbound: outboundGuard() };
  return {
    stop: server.stop,
    good: () => new S3Store(cfg),
    refused: () => new S3Store({ ...cfg, secretKey: "wrong-secret" }),
  };
});

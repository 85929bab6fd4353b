import { defineDestination } from "../entry.js";

export const destination = defineDestination({
  type: "azure_blob_storage",
  identifier: "AZURE_BLOB_STORAGE",
  label: "Azure Blob Storage",
  kind: "storage",
  partition: "none",
  order: 90,
  fields: [
    { name: "bucketId", label: "Container", required: "You need to put your bucket Id." },
    { name: "connectionString", label: "Connection string", secret: true, required: "You need to put your connection string." },
  ],
});

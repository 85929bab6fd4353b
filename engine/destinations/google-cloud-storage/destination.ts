import { defineDestination } from "../entry.js";

export const destination = defineDestination({
  type: "google_cloud_storage",
  identifier: "GOOGLE_CLOUD_STORAGE",
  label: "Google Cloud Storage",
  kind: "storage",
  partition: "none",
  order: 80,
  fields: [
    { name: "bucketId", label: "Bucket Id", required: "You need to put your bucket Id." },
    { name: "jsonKey", label: "JSON key", secret: true, multiline: true, required: "You need to pass the a json key." },
  ],
});

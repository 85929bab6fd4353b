import { defineDestination } from "../entry.js";

export const destination = defineDestination({
  type: "amazon_s3",
  identifier: "AMAZON_S3",
  label: "Amazon S3",
  kind: "storage",
  partition: "none",
  order: 70,
  fields: [
    { name: "accessKey", label: "Access key", required: "You need to put your access key.", addressesSecret: true },
    { name: "secretKey", label: "Secret key", secret: true, required: "You need to put your secret key." },
    { name: "bucketId", label: "Bucket Id", required: "You need to put your bucket Id." },
    { name: "region", label: "Region", required: "You need to put your region.", placeholder: "eu-west-1", addressesSecret: true },
  ],
});

import { ObjectStoreLoader } from "../object-store.js";
import { optionalSetting, type DestinationOpener } from "../types.js";
import { S3Store } from "./store.js";

export const open: DestinationOpener = (c, { outbound }) =>
  new ObjectStoreLoader("amazon_s3", new S3Store({ accessKey: c.accessKey!, secretKey: c.secretKey!, bucket: c.bucketId!, region: c.region!, endpoint: optionalSetting(c, "endpoint"), outbound }));

import { ObjectStoreLoader } from "../object-store.js";
import type { DestinationOpener } from "../types.js";
import { AzureBlobStore } from "./store.js";

export const open: DestinationOpener = (c, { outbound }) =>
  new ObjectStoreLoader("azure_blob_storage", new AzureBlobStore({ container: c.bucketId!, connectionString: c.connectionString!, outbound }));

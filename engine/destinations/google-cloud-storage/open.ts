import { ObjectStoreLoader } from "../object-store.js";
import { optionalSetting, type DestinationOpener } from "../types.js";
import { GcsStore } from "./store.js";

export const open: DestinationOpener = (c) => new ObjectStoreLoader("google_cloud_storage", new GcsStore({ bucket: c.bucketId!, jsonKey: c.jsonKey!, endpoint: optionalSetting(c, "endpoint") }));

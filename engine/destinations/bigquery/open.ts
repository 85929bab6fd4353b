import { optionalSetting, type DestinationOpener } from "../types.js";
import { BigQueryLoader } from "./loader.js";

export const open: DestinationOpener = (c) =>
  new BigQueryLoader({
    projectId: c.projectId!,
    datasetId: c.dataSetId!,
    jsonKey: c.jsonKey!,
    endpoint: optionalSetting(c, "endpoint"),
    tokenUrl: optionalSetting(c, "tokenUrl"),
    location: optionalSetting(c, "location"),
  });

import { afterEach, describe, expect, it } from "vitest";
import { withOperatorEndpoints } from "./destination-endpoints.js";
import { resetEnvCache } from "../lib/env.js";

describe("withOperatorEndpoints", () => {
  afterEach(() => {
    delete process.env.BIGQUERY_API_ENDPOINT;
    delete process.env.BIGQUERY_TOKEN_URL;
    resetEnvCache();
  });

  it("moves BigQuery destinations to the operator's endpoints unless one is stored", () => {
    process.env.BIGQUERY_API_ENDPOINT = "http://127.0.0.1:9050";
    process.env.BIGQUERY_TOKEN_URL = "http://127.0.0.1:9050/token";
    resetEnvCache();
    const form = { projectId: "p", dataSetId: "d", jsonKey: "{}" };
    expect(withOperatorEndpoints("big_query", form)).toEqual({ ...form, endpoint: "http://127.0.0.1:9050", tokenUrl: "http://127.0.0.1:9050/token" });
    expect(withOperatorEndpoints("big_query", { ...form, endpoint: "https://bq.internal" }).endpoint).toBe("https://bq.internal");
    expect(withOperatorEndpoints("postgres", { host: "h" })).toEqual({ host: "h" });
    expect(form).toEqual({ projectId: "p", dataSetId: "d", jsonKey: "{}" });
  });

  it("changes nothing when no override is set", () => {
    resetEnvCache();
    expect(withOperatorEndpoints("big_query", { projectId: "p" })).toEqual({ projectId: "p" });
  });
});

// A platform answer of the wrong shape, read through a shared family, ends as the HTTP client's
// system error naming the platform (with the excerpt support needs), never as a TypeError deep
// in a record or as quietly wrong rows (decision 0940).
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { startFakeServer, type FakeServer } from "../../../tests/fakes/support/fake-server.js";
import { createConnectorContext } from "../../core/context.js";
import { ConnectorError } from "../../core/errors.js";
import type { Connector, Credential } from "../../core/types.js";
import { criteoConnector } from "../criteo/connector.js";
import { facebookAnalyticsConnector } from "../facebook-analytics/connector.js";
import { createGooglePlayStoreConnector } from "../google-play-store/connector.js";
import { instagramConnector } from "../instagram/connector.js";
import { salesforceConnector } from "../salesforce/connector.js";
import { clientCredentialsToken } from "./ads-session.js";

let server: FakeServer;
beforeEach(async () => {
  server = await startFakeServer();
});
afterEach(() => server.close());

const oauth: Credential = { type: "oauth2", accessToken: "token-abc-123" };
const ctxFor = (connector: Connector, credential: Credential = oauth, app?: { extra: Record<string, string> }) =>
  createConnectorContext(connector, { credential, baseUrl: server.url, retry: { retries: 0 }, ...(app ? { app } : {}) });

async function failure(work: Promise<unknown>): Promise<ConnectorError> {
  const error = await work.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ConnectorError);
  return error as ConnectorError;
}

function expectUnexpectedPayload(error: ConnectorError, platform: string, where: string, excerpt: string) {
  expect(error).toMatchObject({ kind: "system", platform });
  expect(error.message).toContain(`${platform} answered with an unexpected payload`);
  expect(error.message).toContain(where);
  expect(error.bodyExcerpt).toContain(excerpt);
}

describe("a malformed answer read through a shared family", () => {
  it("meta-graph: an edge whose data is not a list", async () => {
    server.route("GET", "/me/accounts", { json: { data: { id: "1", name: "Acme" } } });
    const error = await failure(facebookAnalyticsConnector.listAccounts(ctxFor(facebookAnalyticsConnector)));
    expectUnexpectedPayload(error, "facebook-analytics", "data", '"Acme"');
  });

  it("meta-social: the /me identity with a number for its name", async () => {
    server.route("GET", "/me", { json: { id: "17", name: 42 } });
    const error = await failure(instagramConnector.check(ctxFor(instagramConnector)));
    expectUnexpectedPayload(error, "instagram", "name", "42");
  });

  it("salesforce: a SOQL page whose records are not a list", async () => {
    server.route("GET", "/services/oauth2/userinfo", { json: { organization_id: "00D1", email: "a@b.co", urls: { rest: `${server.url}/services/data/v{version}/` } } });
    server.route("GET", /^\/services\/data\/v[\d.]+\/query$/, { json: { totalSize: 1, done: true, records: "Id,Name" } });
    const error = await failure(salesforceConnector.listAccounts(ctxFor(salesforceConnector)));
    expectUnexpectedPayload(error, "salesforce", "records", "Id,Name");
  });

  it("google-service-account: a token answer whose access_token is not a string", async () => {
    const { generateKeyPairSync } = await import("node:crypto");
    const { privateKey } = generateKeyPairSync("rsa", { modulusLength: 2048 });
    const key = JSON.stringify({ client_email: "reader@signalpost.iam.gserviceaccount.com", private_key: privateKey.export({ type: "pkcs8", format: "pem" }) });
    server.route("POST", "/token", { json: { access_token: { value: "ya29.abc" }, expires_in: 3600 } });
    const play = createGooglePlayStoreConnector();
    const error = await failure(play.listAccounts(ctxFor(play, { type: "api-key", key: "pubsite_prod_123" }, { extra: { serviceAccountKey: key } })));
    expectUnexpectedPayload(error, "google-play-store", "access_token", "ya29.abc");
  });

  it("ads-session: a client credentials answer whose expires_in is a list", async () => {
    server.route("POST", "/oauth2/token", { json: { access_token: "tok-1", expires_in: [3600] } });
    const ctx = ctxFor(criteoConnector, { type: "api-key", key: "client-id", secret: "client-secret" });
    const error = await failure(clientCredentialsToken(ctx, "criteo", `${server.url}/oauth2/token`, "client-id", "client-secret"));
    expectUnexpectedPayload(error, "criteo", "expires_in", "3600");
  });
});

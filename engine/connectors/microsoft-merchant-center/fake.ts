// A local Microsoft Merchant Center Content API v9.1: Microsoft identity token endpoint at
// /common/oauth2/v2.0/token (rotating refresh tokens), AuthenticationToken + DeveloperToken header
// checks, /shopping/v9.1/bmc/stores and /bmc/{merchantId}/products with max-results, start-token
// and nextPageToken; errors as {error: {code, message, errors}}.
import type { PlatformFake } from "../../../tests/fakes/support/behaviours.js";
import { startFakeServer, type FakeReply } from "../../../tests/fakes/support/fake-server.js";
import { mountOAuth2 } from "../../../tests/fakes/support/oauth2.js";
import { guardedRoutes } from "../../../tests/fakes/support/platform-fake.js";

export const MMC_APP = { clientId: "mmc-client-id-0001", clientSecret: "mmc-client-secret-0123456789", extra: { developerToken: "MMCDEVTOKEN0123456789" } };
export const MMC_CREDENTIAL = { type: "oauth2" as const, accessToken: "EwB-mmc-access-0123456789", refreshToken: "M.R3-mmc-refresh-0123456789", expiresAt: "2099-01-01T00:00:00Z" };
export const MMC_UNAUTHORIZED: FakeReply = { status: 401, json: { error: { code: 401, message: "Authentication failed. Either supplied credentials are invalid or the account is inactive", errors: [{ domain: "global", reason: "authError", message: "Invalid AuthenticationToken" }] } } };

/** Store 3001 holds 300 offers (two pages of 250), store 3002 holds 4 and store 3003 none. */
export function buildOffers(count: number, store: number) {
  return Array.from({ length: count }, (_, n) => ({ id: `online:en:US:${store}-${n}`, offerId: `${store}-${n}`, availability: n % 4 === 0 ? "out of stock" : "in stock", condition: "new", brand: n % 2 ? "Signal" : "Post", price: { value: "19.99", currency: "USD" } }));
}

export interface MmcFake extends PlatformFake {
  offers: ReturnType<typeof buildOffers>;
}

export async function startMmcFake(): Promise<MmcFake> {
  const server = await startFakeServer();
  const stores: Record<string, ReturnType<typeof buildOffers>> = { "3001": buildOffers(300, 3001), "3002": buildOffers(4, 3002), "3003": [] };
  const oauth = mountOAuth2(server, { path: "/common/oauth2/v2.0/token", clientId: MMC_APP.clientId, clientSecret: MMC_APP.clientSecret, refreshToken: MMC_CREDENTIAL.refreshToken, accessToken: MMC_CREDENTIAL.accessToken, rotateRefreshToken: true });
  const route = guardedRoutes(server, (req) => oauth.validTokens.has(String(req.headers.authenticationtoken ?? "")) && req.headers.developertoken === MMC_APP.extra.developerToken, () => MMC_UNAUTHORIZED);
  route("GET", "/shopping/v9.1/bmc/stores", () => ({ json: { stores: Object.keys(stores).map((id) => ({ merchantId: Number(id), storeName: `Store ${id}`, storeUrl: `https://s${id}.example`, storeStatus: { status: "Active" } })) } }));
  route("GET", "/shopping/v9.1/bmc/:merchant/products", (req) => {
    const offers = stores[req.params.merchant];
    if (!offers) return { status: 404, json: { error: { code: 404, message: "Store not found" } } };
    const max = Math.min(250, Number(req.query.get("max-results") ?? 25));
    const start = Number(req.query.get("start-token") ?? 0);
    const next = start + max < offers.length ? String(start + max) : undefined;
    return { json: { kind: "content#productsListResponse", resources: offers.slice(start, start + max), ...(next ? { nextPageToken: next } : {}) } };
  });
  return { server, baseUrl: `${server.url}/shopping/v9.1`, credential: MMC_CREDENTIAL, app: MMC_APP, oauth, offers: stores["3001"], close: () => server.close() };
}

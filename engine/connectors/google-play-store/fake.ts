// A local Google Play Console as the service account sees it: POST /token (RFC 7523 jwt-bearer,
// RS256 assertion verified against the test key), Cloud Storage JSON API GET
// /storage/v1/b/{bucket}/o (prefix, pageToken) and /o/{object}?alt=media (UTF-16LE installs CSVs
// per app and month), the Play Developer API GET /androidpublisher/v3/applications/{pkg}/reviews
// (maxResults, token), and Google's error envelope.
import { generateKeyPairSync, verify } from "node:crypto";
import { GOOGLE_UNAUTHENTICATED, googleStatus } from "../../../tests/fakes/support/ads-family.js";
import type { PlatformFake } from "../../../tests/fakes/support/behaviours.js";
import { startFakeServer } from "../../../tests/fakes/support/fake-server.js";
import { guardedRoutes } from "../../../tests/fakes/support/platform-fake.js";
import { daysBetween, seeded } from "../../../tests/fakes/support/seeded.js";

const keys = generateKeyPairSync("rsa", { modulusLength: 2048 });
export const PLAY_SERVICE_ACCOUNT = {
  type: "service_account",
  client_email: "signalpost-play@signalpost-prod.iam.gserviceaccount.com",
  private_key_id: "3f2a9c",
  private_key: keys.privateKey.export({ type: "pkcs8", format: "pem" }).toString(),
  token_uri: "https://oauth2.googleapis.com/token",
};
export const PLAY_APP = { extra: { serviceAccountKey: JSON.stringify(PLAY_SERVICE_ACCOUNT) } };
export const PLAY_BUCKET = "pubsite_prod_rev_01234567890987654321";
export const PLAY_CREDENTIAL = { type: "api-key" as const, key: PLAY_BUCKET };
export const PLAY_PACKAGES = ["com.acme.bakery", "com.acme.recipes"];
const MONTHS = ["202501", "202502", "202503"];
const COLUMNS = ["Date", "Package Name", "Daily Device Installs", "Daily Device Uninstalls", "Daily Device Upgrades", "Total User Installs", "Daily User Installs", "Daily User Uninstalls", "Active Device Installs", "Install events", "Update events", "Uninstall events"];

/** One app's installs figures of one day. */
export function playDay(pkg: string, day: string) {
  const r = (k: string) => seeded(`${pkg}|${day}|${k}`);
  return { installs: 10 + Math.floor(r("i") * 90), uninstalls: Math.floor(r("u") * 20), upgrades: Math.floor(r("g") * 200), active: 5000 + Math.floor(r("a") * 100) };
}

function installsCsv(pkg: string, month: string): Buffer {
  const start = `${month.slice(0, 4)}-${month.slice(4)}-01`;
  const end = new Date(Date.UTC(Number(month.slice(0, 4)), Number(month.slice(4)), 0)).toISOString().slice(0, 10);
  const lines = daysBetween(start, end).map((d) => {
    const x = playDay(pkg, d);
    return [d, pkg, x.installs, x.uninstalls, x.upgrades, 90000, x.installs - 1, x.uninstalls, x.active, x.installs + 2, x.upgrades, x.uninstalls].join(",");
  });
  // Play writes its CSV reports in UTF-16LE with a byte order mark.
  return Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(`${COLUMNS.join(",")}\n${lines.join("\n")}\n`, "utf16le")]);
}

export function playReviews(pkg: string) {
  return Array.from({ length: 5 }, (_, i) => ({
    reviewId: `gp:AOqpTO${pkg.length}${i}`,
    authorName: `Player ${i}`,
    comments: [
      { userComment: { text: `\tGreat app ${i}`, lastModified: { seconds: String(Date.parse(`2025-03-0${5 - i}T18:00:00Z`) / 1000), nanos: 0 }, starRating: 1 + Math.floor(seeded(`${pkg}|r|${i}`) * 5), reviewerLanguage: "en", appVersionName: "2.1.0" } },
      ...(i === 0 ? [{ developerComment: { text: "Thanks!", lastModified: { seconds: "1741201200" } } }] : []),
    ],
  }));
}

export async function startGooglePlayStoreFake(): Promise<PlatformFake & { tokens: string[]; pageSize: { list: number; reviews: number } }> {
  const server = await startFakeServer();
  const tokens: string[] = [];
  const valid = new Set<string>();
  const pageSize = { list: 1000, reviews: 100 };
  server.route("POST", "/token", (req) => {
    const form = req.form();
    if (form.get("grant_type") !== "urn:ietf:params:oauth:grant-type:jwt-bearer") return { status: 400, json: { error: "unsupported_grant_type", error_description: "Invalid grant_type." } };
    const [h, p, s] = (form.get("assertion") ?? "").split(".");
    const header = JSON.parse(Buffer.from(h ?? "", "base64url").toString() || "{}");
    const claims = JSON.parse(Buffer.from(p ?? "", "base64url").toString() || "{}");
    const signed = !!s && verify("RSA-SHA256", Buffer.from(`${h}.${p}`), keys.publicKey, Buffer.from(s, "base64url"));
    if (!signed || header.alg !== "RS256" || claims.iss !== PLAY_SERVICE_ACCOUNT.client_email || claims.aud !== PLAY_SERVICE_ACCOUNT.token_uri || !String(claims.scope).includes("devstorage.read_only")) {
      return { status: 400, json: { error: "invalid_grant", error_description: "Invalid JWT Signature." } };
    }
    const token = `ya29.play-${tokens.length + 1}`;
    tokens.push(token);
    valid.add(token);
    return { json: { access_token: token, expires_in: 3599, token_type: "Bearer" } };
  });
  const route = guardedRoutes(server, (req) => valid.has(String(req.headers.authorization ?? "").replace(/^Bearer /, "")), () => GOOGLE_UNAUTHENTICATED);
  const objects = PLAY_PACKAGES.flatMap((pkg) => MONTHS.map((m) => `stats/installs/installs_${pkg}_${m}_overview.csv`)).concat(["stats/installs/README.txt"]);
  route("GET", "/storage/v1/b/:bucket/o", (req) => {
    if (req.params.bucket !== PLAY_BUCKET) return googleStatus(403, "PERMISSION_DENIED", `${PLAY_SERVICE_ACCOUNT.client_email} does not have storage.objects.list access to the Google Cloud Storage bucket.`);
    const prefix = req.query.get("prefix") ?? "";
    const all = objects.filter((o) => o.startsWith(prefix));
    const offset = Number(req.query.get("pageToken") ?? 0);
    const items = all.slice(offset, offset + pageSize.list).map((name) => ({ kind: "storage#object", name, bucket: PLAY_BUCKET }));
    return { json: { kind: "storage#objects", items, ...(offset + pageSize.list < all.length ? { nextPageToken: String(offset + pageSize.list) } : {}) } };
  });
  route("GET", /^\/storage\/v1\/b\/(?<bucket>[^/]+)\/o\/(?<object>.+)$/, (req) => {
    const name = decodeURIComponent(req.params.object);
    if (req.query.get("alt") !== "media") return googleStatus(400, "INVALID_ARGUMENT", "alt=media expected by this fake.");
    const m = /^stats\/installs\/installs_(.+)_(\d{6})_overview\.csv$/.exec(name);
    if (req.params.bucket !== PLAY_BUCKET || !m || !objects.includes(name)) return googleStatus(404, "NOT_FOUND", `No such object: ${req.params.bucket}/${name}`);
    return { status: 200, headers: { "content-type": "text/csv" }, body: installsCsv(m[1], m[2]) };
  });
  route("GET", "/androidpublisher/v3/applications/:pkg/reviews", (req) => {
    if (!PLAY_PACKAGES.includes(req.params.pkg)) return googleStatus(403, "PERMISSION_DENIED", "The caller does not have permission");
    const all = playReviews(req.params.pkg);
    const size = Math.min(Number(req.query.get("maxResults") ?? 100), pageSize.reviews);
    const offset = Number(req.query.get("token") ?? 0);
    const next = offset + size < all.length ? String(offset + size) : undefined;
    return { json: { reviews: all.slice(offset, offset + size), ...(next ? { tokenPagination: { nextPageToken: next } } : {}) } };
  });
  return { server, baseUrl: server.url, credential: PLAY_CREDENTIAL, app: PLAY_APP, tokens, pageSize, close: () => server.close() };
}

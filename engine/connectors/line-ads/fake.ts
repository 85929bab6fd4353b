// A local LINE Ads API v3: every request must carry a JWS (HS256, kid = access key) whose payload
// is sha256(body) hex, Content-Type, today's UTC date and the request path, signed with the secret
// key; GET /api/v3/groups/{group}/adaccounts and GET /api/v3/adaccounts/{id}/reports/online/
// {adaccount|campaign}?since&until&page&size answer {datas, paging}; {errors: [{reason, message}]}
// errors. Wire format: https://developers.line.biz/en/docs/line-ads-api/overview/
import { createHash, createHmac } from "node:crypto";
import { activeDays, campaignMetrics, fakeCampaigns, accountMetrics } from "../../../tests/fakes/support/ads-family.js";
import { startKeyFake, type KeyFake } from "../../../tests/fakes/support/ads-session.js";
import type { FakeReply, RecordedRequest } from "../../../tests/fakes/support/fake-server.js";
import { pageOf } from "../../../tests/fakes/support/platform-fake.js";

export const LINE_ACCESS_KEY = "LINEADSACCESS01";
export const LINE_SECRET_KEY = "line-ads-secret-key-0001";
export const LINE_GROUP = "G08916310298";
export const lineError = (status: number, reason: string, message: string): FakeReply => ({ status, json: { errors: [{ reason, message }] } });
export const LINE_UNAUTHORIZED = lineError(401, "UNAUTHORIZED", "Signature verification failed");
export const LINE_ACCOUNTS = [
  { id: "A10000000001", name: "Signal Japan", currency: "JPY", timeZone: "Asia/Tokyo", status: "ACTIVE" },
  { id: "A10000000002", name: "Signal Taiwan", currency: "TWD", timeZone: "Asia/Taipei", status: "ACTIVE" },
];

/** Why a request's signature is refused, or undefined when it is good. */
export function jwsProblem(req: RecordedRequest): string | undefined {
  const token = /^Bearer (.+)$/.exec(String(req.headers.authorization ?? ""))?.[1];
  const [header, payload, signature] = token?.split(".") ?? [];
  if (!header || !payload || !signature) return "no JWS";
  const h = JSON.parse(Buffer.from(header, "base64url").toString());
  if (h.alg !== "HS256" || h.kid !== LINE_ACCESS_KEY || h.typ !== "text/plain") return "bad JOSE header";
  const [digest, contentType, date, uri] = Buffer.from(payload, "base64url").toString().split("\n");
  if (digest !== createHash("sha256").update(req.body).digest("hex")) return "digest mismatch";
  if (contentType !== (req.body ? String(req.headers["content-type"] ?? "").split(";")[0] : "")) return "content type mismatch";
  if (date !== new Date().toISOString().slice(0, 10).replaceAll("-", "")) return "stale date";
  if (uri !== req.path) return "canonical URI mismatch";
  if (!req.headers.date) return "no Date header";
  const expected = createHmac("sha256", LINE_SECRET_KEY).update(`${header}.${payload}`).digest("base64url");
  return expected === signature.replace(/=+$/, "") ? undefined : "bad signature";
}

export async function startLineAdsFake(): Promise<KeyFake> {
  const fake = await startKeyFake({
    basePath: "/api/v3",
    credential: { type: "api-key", key: LINE_ACCESS_KEY, secret: LINE_SECRET_KEY, options: { groupId: LINE_GROUP } },
    authorized: (req) => jwsProblem(req) === undefined,
    unauthorized: () => LINE_UNAUTHORIZED,
  });
  // Two items a page, so three campaigns take two pages.
  fake.options.pageSize = 2;
  const paged = (all: unknown[], req: RecordedRequest) => {
    const page = Number(req.query.get("page") ?? 1);
    const p = pageOf(all, page, Math.min(Number(req.query.get("size") ?? 20), fake.options.pageSize));
    return { json: { datas: p.items, paging: { page, size: p.items.length, totalElements: all.length, totalPages: p.pages } } };
  };
  fake.route("GET", "/groups/:group/adaccounts", (req) => (req.params.group === LINE_GROUP ? paged(LINE_ACCOUNTS, req) : lineError(403, "FORBIDDEN", "No access to this group")));
  fake.route("GET", "/adaccounts/:account/reports/online/:level", (req) => {
    const account = LINE_ACCOUNTS.find((a) => a.id === req.params.account);
    if (!account) return lineError(404, "NOT_FOUND", "Ad account not found");
    const since = req.query.get("since");
    const until = req.query.get("until");
    if (!since || !until || since !== until) return lineError(400, "INVALID_PARAMETER", "since and until are required");
    if (!activeDays(since, until).length) return paged([], req);
    const stats = (m: ReturnType<typeof accountMetrics>) => ({ imp: m.impressions, click: m.clicks, cost: m.cost, cv: m.conversions, ctr: 0, cpc: 0 });
    if (req.params.level === "adaccount") return paged([{ adaccount: { id: account.id, name: account.name }, statistics: stats(accountMetrics(account.id, since)) }], req);
    return paged(fakeCampaigns(account.id).map((c) => ({ campaign: { id: Number(c.id.replace(/\D/g, "")), name: c.name, status: c.status }, statistics: stats(campaignMetrics(c.id, since)) })), req);
  });
  return fake;
}

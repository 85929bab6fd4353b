// A local Mailchimp: the OAuth metadata endpoint (Authorization: OAuth, naming dc and
// api_endpoint), and Marketing API 3.0 with Bearer tokens or Basic API keys, count/offset paging
// with total_items, campaign reports, audience activity (newest day first) and problem+json errors.
import { DateTime } from "luxon";
import { seeded } from "../../../tests/fakes/support/seeded.js";
import { startFakeServer, type FakeReply, type FakeServer, type RecordedRequest } from "../../../tests/fakes/support/fake-server.js";

export const MC_TOKEN = "mc-oauth-token-7d8e9f0a1b";
export const MC_API_KEY = "0123456789abcdef0123456789abcdef-us6";
export const MC_APP = { clientId: "123456789012", clientSecret: "mc-client-secret-abcdef" };
export const MC_TIMEZONE = "Europe/Paris";
export const MC_LISTS = [
  { id: "a1b2c3d4e5", name: "Newsletter" },
  { id: "f6g7h8i9j0", name: "Customers" },
  { id: "k1l2m3n4o5", name: "Dormant" },
];
/** The fake's "today": activity covers the 180 days up to it. */
export const MC_TODAY = "2025-03-31";

export interface MailchimpReport {
  id: string;
  campaign_title: string;
  type: string;
  list_id: string;
  list_name: string;
  subject_line: string;
  emails_sent: number;
  abuse_reports: number;
  unsubscribed: number;
  send_time: string;
  bounces: { hard_bounces: number; soft_bounces: number; syntax_errors: number };
  opens: { opens_total: number; unique_opens: number; open_rate: number; last_open: string };
  clicks: { clicks_total: number; unique_clicks: number; unique_subscriber_clicks: number; click_rate: number; last_click: string };
  ecommerce: { total_orders: number; total_spent: number; total_revenue: number; currency_code: string };
}

/** Campaigns sent at 09:00 Paris time every second day of March 2025, to the first two audiences. */
export function mailchimpReports(): MailchimpReport[] {
  const out: MailchimpReport[] = [];
  for (let day = 1; day <= 31; day += 2) {
    for (const list of MC_LISTS.slice(0, 2)) {
      const r = (k: string) => seeded(`${list.id}/${day}/${k}`);
      const sent = 1000 + Math.floor(r("sent") * 4000);
      const hard = Math.floor(sent * 0.01 * r("hard"));
      const soft = Math.floor(sent * 0.02 * r("soft"));
      const uniqueOpens = Math.floor((sent - hard - soft) * (0.2 + 0.3 * r("opens")));
      const uniqueClicks = Math.floor(uniqueOpens * 0.2 * r("clicks"));
      const orders = Math.floor(uniqueClicks * 0.1);
      const sendTime = DateTime.fromObject({ year: 2025, month: 3, day, hour: 9 }, { zone: MC_TIMEZONE }).toUTC().toISO({ suppressMilliseconds: true })!;
      out.push({
        id: `cmp${list.id.slice(0, 3)}${String(day).padStart(2, "0")}`,
        campaign_title: `${list.name} ${day} March`,
        type: "regular",
        list_id: list.id,
        list_name: list.name,
        subject_line: `News for ${day} March`,
        emails_sent: sent,
        abuse_reports: Math.floor(r("abuse") * 3),
        unsubscribed: Math.floor(r("unsub") * 20),
        send_time: sendTime,
        bounces: { hard_bounces: hard, soft_bounces: soft, syntax_errors: 0 },
        opens: { opens_total: uniqueOpens * 2, unique_opens: uniqueOpens, open_rate: uniqueOpens / (sent - hard - soft), last_open: sendTime },
        clicks: { clicks_total: uniqueClicks * 3, unique_clicks: uniqueClicks * 2, unique_subscriber_clicks: uniqueClicks, click_rate: uniqueClicks / (sent - hard - soft), last_click: sendTime },
        ecommerce: { total_orders: orders, total_spent: orders * 40, total_revenue: Math.round(orders * 4250) / 100, currency_code: "EUR" },
      });
    }
  }
  return out;
}

export function mailchimpActivity(listId: string) {
  const out = [];
  for (let i = 0; i < 180; i++) {
    const day = DateTime.fromISO(MC_TODAY).minus({ days: i }).toISODate()!;
    const r = (k: string) => seeded(`${listId}/${day}/${k}`);
    out.push({ day, emails_sent: Math.floor(r("s") * 2000), unique_opens: Math.floor(r("o") * 600), recipient_clicks: Math.floor(r("c") * 100), hard_bounce: Math.floor(r("h") * 5), soft_bounce: Math.floor(r("f") * 8), subs: Math.floor(r("u") * 30), unsubs: Math.floor(r("x") * 10), other_adds: 0, other_removes: 0 });
  }
  return out;
}

export type MailchimpFailure = "unauthorized" | "forbidden" | "rate-limited" | "server-error";

export interface MailchimpFake {
  server: FakeServer;
  baseUrl: string;
  /** Caps `count`, to exercise offset paging. */
  maxCount: number;
  fail(kind: MailchimpFailure, opts?: { path?: RegExp }): void;
  close(): Promise<void>;
}

const problem = (status: number, title: string, detail: string, headers?: Record<string, string>): FakeReply => ({
  status,
  headers: { "content-type": "application/problem+json", ...headers },
  json: { type: "https://mailchimp.com/developer/marketing/docs/errors/", title, status, detail, instance: "995c5cb0-3280-4a6e-808b-3b096d0bb219" },
});

function authorized(req: RecordedRequest): boolean {
  const auth = String(req.headers.authorization ?? "");
  if (auth === `Bearer ${MC_TOKEN}`) return true;
  const basic = /^Basic (.+)$/.exec(auth);
  return !!basic && Buffer.from(basic[1], "base64").toString().split(":")[1] === MC_API_KEY;
}

export async function startMailchimpFake(): Promise<MailchimpFake> {
  const server = await startFakeServer();
  const api =
    (handler: (req: RecordedRequest) => FakeReply) =>
    (req: RecordedRequest): FakeReply =>
      authorized(req) ? handler(req) : problem(401, "API Key Invalid", "Your API key may be invalid, or you've attempted to access the wrong datacenter.");
  const paged = (req: RecordedRequest, key: string, items: unknown[]): FakeReply => {
    const count = Math.min(Number(req.query.get("count") ?? 10), fake.maxCount, 1000);
    const offset = Number(req.query.get("offset") ?? 0);
    return { status: 200, json: { [key]: items.slice(offset, offset + count), total_items: items.length, _links: [] } };
  };

  server.route("GET", "/oauth2/metadata", (req) =>
    req.headers.authorization === `OAuth ${MC_TOKEN}`
      ? { status: 200, json: { dc: "us6", role: "owner", accountname: "Acme Coffee", user_id: 42, login: { email: "owner@acme.example", login_id: 42, login_name: "owner", login_email: "owner@acme.example" }, login_url: "https://login.mailchimp.com", api_endpoint: server.url } }
      : { status: 401, json: { error: "invalid_token", error_description: "The access token provided is invalid." } },
  );
  server.route("GET", "/3.0/", api(() => ({ status: 200, json: { account_id: "8d3a3db4d97663a9074efcc16", account_name: "Acme Coffee", email: "owner@acme.example", account_timezone: MC_TIMEZONE, role: "owner" } })));
  server.route("GET", "/3.0/lists", api((req) => paged(req, "lists", MC_LISTS.map((l) => ({ ...l, stats: { member_count: 1000 } })))));
  server.route("GET", "/3.0/ecommerce/stores", api((req) => paged(req, "stores", [{ id: "store1", list_id: MC_LISTS[1].id, currency_code: "EUR", name: "Acme Shop" }])));
  server.route(
    "GET",
    "/3.0/reports",
    api((req) => {
      const since = req.query.get("since_send_time");
      const before = req.query.get("before_send_time");
      // Newest first, as Mailchimp lists reports.
      const all = mailchimpReports()
        .filter((r) => (!since || r.send_time >= since) && (!before || r.send_time < before))
        .sort((a, b) => b.send_time.localeCompare(a.send_time));
      return paged(req, "reports", all);
    }),
  );
  server.route(
    "GET",
    "/3.0/lists/:id/activity",
    api((req) => (MC_LISTS.some((l) => l.id === req.params.id) ? paged(req, "activity", mailchimpActivity(req.params.id)) : problem(404, "Resource Not Found", "The requested resource could not be found."))),
  );

  const fake: MailchimpFake = {
    server,
    baseUrl: server.url,
    maxCount: 1000,
    fail(kind, o = {}) {
      const replies: Record<MailchimpFailure, FakeReply> = {
        unauthorized: problem(401, "API Key Invalid", "Your API key may be invalid, or you've attempted to access the wrong datacenter."),
        forbidden: problem(403, "User Disabled", "This account has been disabled."),
        "rate-limited": problem(429, "Too Many Requests", "You have exceeded the limit of 10 simultaneous connections.", { "retry-after": "1" }),
        "server-error": problem(500, "Internal Server Error", "An unexpected internal error has occurred."),
      };
      server.once("*", o.path ?? /.*/, replies[kind]);
    },
    close: () => server.close(),
  };
  return fake;
}

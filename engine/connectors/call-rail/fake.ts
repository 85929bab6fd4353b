// A local CallRail API v3: `Authorization: Token token="..."` checks, GET /v3/a.json (accounts),
// GET /v3/a/{id}/companies.json and GET /v3/a/{id}/calls.json with start_date/end_date (company
// local days), page/per_page and the optional fields, answering {page, per_page, total_pages,
// total_records, calls}; start_time carries the company's offset. Wire format: https://apidocs.callrail.com
import { DateTime } from "luxon";
import { seeded } from "../demo/prng.js";
import { activeDays } from "../../../tests/fakes/support/app-analytics.js";
import { startKeyFake, type KeyFake } from "../../../tests/fakes/support/ads-session.js";
import type { FakeReply } from "../../../tests/fakes/support/fake-server.js";
import { pageOf } from "../../../tests/fakes/support/platform-fake.js";

export const CALLRAIL_KEY = "callrail-api-key-0001";
export const CALLRAIL_UNAUTHORIZED: FakeReply = { status: 401, body: "HTTP Token: Access denied.\n" };
export const CALLRAIL_ACCOUNTS = [
  { id: "ACC8154748ae6bd4e278a7cddd38a662f4f", name: "Signal Dental", zone: "America/Chicago" },
  { id: "ACC2c3d4e5f60718293a4b5c6d7e8f90a1b", name: "Signal Legal", zone: "America/New_York" },
];
const SOURCES = [
  { source: "Google Ads", campaign: "Dental implants" },
  { source: "Google Organic", campaign: null },
  { source: "Direct", campaign: null },
];

/** The calls of an account on a (company local) day. */
export function callRailCalls(accountId: string, day: string) {
  const zone = CALLRAIL_ACCOUNTS.find((a) => a.id === accountId)?.zone ?? "UTC";
  const rand = seeded("callrail", accountId, day);
  return Array.from({ length: 3 + Math.floor(rand() * 5) }, (_, i) => {
    const s = SOURCES[i % SOURCES.length];
    const answered = rand() > 0.3;
    return {
      id: `CAL${accountId.slice(3, 11)}${day.replaceAll("-", "")}${i}`,
      start_time: DateTime.fromISO(`${day}T${String(8 + i).padStart(2, "0")}:15:00`, { zone }).toISO(),
      answered,
      voicemail: !answered && rand() > 0.5,
      first_call: rand() > 0.6,
      direction: i % 4 === 3 ? "outbound" : "inbound",
      duration: answered ? Math.floor(30 + rand() * 600) : 0,
      tracking_phone_number: "+13125550100",
      company_id: `COM${accountId.slice(3, 11)}`,
      company_name: CALLRAIL_ACCOUNTS.find((a) => a.id === accountId)?.name ?? "",
      source: s.source,
      campaign: s.campaign,
      lead_status: answered ? "good_lead" : null,
      value: answered ? "150.00" : null,
    };
  });
}

export async function startCallRailFake(): Promise<KeyFake> {
  const fake = await startKeyFake({
    basePath: "/v3",
    credential: { type: "api-key", key: CALLRAIL_KEY },
    authorized: (req) => req.headers.authorization === `Token token="${CALLRAIL_KEY}"`,
    unauthorized: () => CALLRAIL_UNAUTHORIZED,
  });
  const listing = (key: string, all: unknown[], page: number, perPage: number) => {
    const p = pageOf(all, page, Math.min(perPage, fake.options.pageSize));
    return { json: { page, per_page: perPage, total_pages: p.pages, total_records: all.length, [key]: p.items } };
  };
  fake.route("GET", "/a.json", (req) => listing("accounts", CALLRAIL_ACCOUNTS.map(({ id, name }) => ({ id, name, outbound_recording_enabled: true })), Number(req.query.get("page") ?? 1), Number(req.query.get("per_page") ?? 100)));
  fake.route("GET", "/a/:account/companies.json", (req) => {
    const a = CALLRAIL_ACCOUNTS.find((x) => x.id === req.params.account);
    return a ? listing("companies", [{ id: `COM${a.id.slice(3, 11)}`, name: a.name, time_zone: a.zone }], 1, 1) : { status: 404, json: { error: "Account not found" } };
  });
  fake.route("GET", "/a/:account/calls.json", (req) => {
    const start = req.query.get("start_date");
    const end = req.query.get("end_date");
    if (!start || !end) return { status: 400, json: { error: "start_date and end_date are required" } };
    const fields = (req.query.get("fields") ?? "").split(",");
    const all = activeDays(start, end)
      .flatMap((d) => callRailCalls(req.params.account, d))
      // Optional fields only come back when asked for.
      .map((c) => Object.fromEntries(Object.entries(c).filter(([k]) => !["company_id", "company_name", "source", "campaign", "first_call", "lead_status", "value"].includes(k) || fields.includes(k))));
    return listing("calls", all, Number(req.query.get("page") ?? 1), Math.min(Number(req.query.get("per_page") ?? 100), 250));
  });
  return fake;
}

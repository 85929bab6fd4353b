// A local Amplitude Dashboard REST API: Basic api key:secret key checks, GET /api/2/users
// (m=active|new) answering {data: {series, seriesMeta, xValues}} and GET /api/2/events/segmentation
// answering {data: {series, seriesLabels, xValues}}, start/end as YYYYMMDD, g=country grouping.
// Wire format: https://amplitude.com/docs/apis/analytics/dashboard-rest
import { DateTime } from "luxon";
import { appDay, activeDays } from "../../../tests/fakes/support/app-analytics.js";
import { startKeyFake, type KeyFake } from "../../../tests/fakes/support/ads-session.js";
import type { FakeReply, RecordedRequest } from "../../../tests/fakes/support/fake-server.js";

export const AMPLITUDE_KEY = "amp-api-key-0001";
export const AMPLITUDE_SECRET = "amp-secret-key-0001";
export const AMPLITUDE_UNAUTHORIZED: FakeReply = { status: 401, body: "Invalid API key" };
export const COUNTRIES = ["United States", "Germany"];

/** The figures of a country on a day. */
export function amplitudeDay(country: string, day: string) {
  const m = appDay(`amp/${country}`, day, "Organic");
  return { active: m.sessions, new: m.installs, events: m.sessions * 7 };
}

const day = (compact: string | null) => DateTime.fromFormat(compact ?? "", "yyyyMMdd").toISODate();

function seriesOf(req: RecordedRequest, value: (country: string, day: string) => number) {
  const start = day(req.query.get("start"));
  const end = day(req.query.get("end"));
  if (!start || !end) return undefined;
  const xValues = activeDays(start, end);
  const grouped = req.query.get("g") === "country";
  const groups = grouped ? COUNTRIES.map((c) => [c]) : [COUNTRIES];
  return { xValues, series: groups.map((cs) => xValues.map((d) => cs.reduce((s, c) => s + value(c, d), 0))), labels: grouped ? COUNTRIES : ["All"] };
}

export async function startAmplitudeFake(): Promise<KeyFake> {
  const basic = `Basic ${Buffer.from(`${AMPLITUDE_KEY}:${AMPLITUDE_SECRET}`).toString("base64")}`;
  const fake = await startKeyFake({
    basePath: "/api/2",
    credential: { type: "api-key", key: AMPLITUDE_KEY, secret: AMPLITUDE_SECRET },
    authorized: (req) => req.headers.authorization === basic,
    unauthorized: () => AMPLITUDE_UNAUTHORIZED,
  });
  const bad: FakeReply = { status: 400, json: { error: "start and end must be YYYYMMDD" } };
  fake.route("GET", "/users", (req) => {
    const m = req.query.get("m") === "new" ? "new" : "active";
    const s = seriesOf(req, (c, d) => amplitudeDay(c, d)[m]);
    return s ? { json: { data: { series: s.series, seriesMeta: s.labels, xValues: s.xValues } } } : bad;
  });
  fake.route("GET", "/events/segmentation", (req) => {
    if (JSON.parse(req.query.get("e") ?? "{}").event_type !== "_all") return { status: 400, json: { error: "unknown event" } };
    const s = seriesOf(req, (c, d) => amplitudeDay(c, d).events);
    return s ? { json: { data: { series: s.series, seriesLabels: s.labels.map((l, i) => [i, l]), xValues: s.xValues } } } : bad;
  });
  return fake;
}

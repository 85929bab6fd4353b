// A local Mixpanel: Basic service-account checks, GET /api/app/me (projects), and the Query API
// GET /api/query/events/names and GET /api/query/events (event=[...], type, unit day|hour,
// from_date/to_date) answering {data: {series, values}, legend_size}; {error, status} errors.
// Wire format: https://developer.mixpanel.com/reference/query-api
import { seeded } from "../demo/prng.js";
import { activeDays } from "../../../tests/fakes/support/app-analytics.js";
import { startKeyFake, type KeyFake } from "../../../tests/fakes/support/ads-session.js";
import type { FakeReply } from "../../../tests/fakes/support/fake-server.js";

export const MIXPANEL_USER = "signal-reader.abc123.mp-service-account";
export const MIXPANEL_SECRET = "mp-service-secret-0001";
export const mixpanelError = (status: number, error: string): FakeReply => ({ status, json: { error, status: "error" } });
export const MIXPANEL_UNAUTHORIZED = mixpanelError(401, "Invalid service account credentials");
export const MIXPANEL_PROJECTS = { "2195193": { name: "Signal Shop", timezone: "Europe/Paris" }, "2195194": { name: "Signal Games", timezone: "US/Pacific" } };
export const EVENTS = ["Sign Up", "Purchase", "App Open"];

/** Count of an event in one hour. */
export function mixpanelHour(project: string, event: string, day: string, hour: number, type = "general"): number {
  const base = Math.floor(seeded(project, event, day, hour)() * 40);
  return type === "unique" ? Math.floor(base / 2) : base;
}
export const mixpanelDay = (project: string, event: string, day: string, type = "general") => Array.from({ length: 24 }, (_, h) => mixpanelHour(project, event, day, h, type)).reduce((a, b) => a + b, 0);

export async function startMixpanelFake(): Promise<KeyFake> {
  const basic = `Basic ${Buffer.from(`${MIXPANEL_USER}:${MIXPANEL_SECRET}`).toString("base64")}`;
  const fake = await startKeyFake({
    basePath: "",
    credential: { type: "api-key", key: MIXPANEL_USER, secret: MIXPANEL_SECRET },
    authorized: (req) => req.headers.authorization === basic,
    unauthorized: () => MIXPANEL_UNAUTHORIZED,
  });
  fake.route("GET", "/api/app/me", () => ({ json: { status: "ok", results: { user_name: MIXPANEL_USER, projects: MIXPANEL_PROJECTS } } }));
  fake.route("GET", "/api/query/events/names", (req) => (req.query.get("project_id") ? { json: EVENTS.slice(0, Number(req.query.get("limit") ?? 255)) } : mixpanelError(400, "project_id is required")));
  fake.route("GET", "/api/query/events", (req) => {
    const project = req.query.get("project_id");
    const from = req.query.get("from_date");
    const to = req.query.get("to_date");
    if (!project || !from || !to) return mixpanelError(400, "project_id, from_date and to_date are required");
    const events = JSON.parse(req.query.get("event") ?? "[]") as string[];
    const type = req.query.get("type") ?? "general";
    const hourly = req.query.get("unit") === "hour";
    const series = activeDays(from, to).flatMap((d) => (hourly ? Array.from({ length: 24 }, (_, h) => `${d} ${String(h).padStart(2, "0")}:00:00`) : [d]));
    const values = Object.fromEntries(
      events.map((e) => [e, Object.fromEntries(series.map((at) => [at, hourly ? mixpanelHour(project, e, at.slice(0, 10), Number(at.slice(11, 13)), type) : mixpanelDay(project, e, at, type)]))]),
    );
    return { json: { data: { series, values }, legend_size: events.length } };
  });
  return fake;
}

// A local Teads Report API v1: POST /v1/analytics/custom -> {id, status: queued}, GET
// /v1/analytics/custom/{id} -> finished with a uri, the CSV at that uri (no key needed), GET
// /v1/analytics/running/list, Bearer key checks and {status, msg} errors.
import { adsCells, startKeyFake, type KeyFake } from "../../../tests/fakes/support/ads-session.js";
import { csvLine } from "../../../tests/fakes/support/ads-family.js";
import type { FakeReply } from "../../../tests/fakes/support/fake-server.js";

export const teadsError = (status: number, msg: string): FakeReply => ({ status, json: { status, msg } });
export const TEADS_UNAUTHORIZED = teadsError(401, "REPORTING.ERROR.UNAUTHORIZED");
export const TEADS_KEY = "teads-api-key-0001";
/** The fake's data account (the key's own Teads account). */
export const TEADS_SEED = "7007";

interface Job {
  start: string;
  end: string;
  dimensions: string[];
}

export async function startTeadsFake(): Promise<KeyFake & { jobs: Map<string, Job> }> {
  const fake = await startKeyFake({
    basePath: "/v1",
    credential: { type: "api-key", key: TEADS_KEY },
    authorized: (req) => req.headers.authorization === `Bearer ${TEADS_KEY}`,
    unauthorized: () => TEADS_UNAUTHORIZED,
  });
  const jobs = new Map<string, Job>();
  fake.route("GET", "/analytics/running/list", () => ({ json: [] }));
  fake.route("POST", "/analytics/custom", (req) => {
    const b = req.json<{ filters: { date: { start: string; end: string } }; dimensions: string[]; format: string }>();
    if (!b.filters?.date?.start) return teadsError(400, "REPORTING.ERROR.DATE_FILTER_REQUIRED");
    const id = String(700 + jobs.size);
    jobs.set(id, { start: b.filters.date.start.slice(0, 10), end: b.filters.date.end.slice(0, 10), dimensions: b.dimensions });
    return { json: { id, start: new Date().toISOString(), status: "queued", valid: true, reportProgress: {} } };
  });
  fake.route("GET", "/analytics/custom/:id", (req) =>
    jobs.has(req.params.id) ? { json: { id: req.params.id, status: "finished", uri: `${fake.server.url}/files/${req.params.id}.csv` } } : teadsError(404, "REPORTING.ERROR.REPORT_NOT_FOUND"),
  );
  fake.server.route("GET", "/files/:file", (req) => {
    const job = jobs.get(req.params.file.replace(/\.csv$/, ""));
    if (!job) return { status: 404, body: "not found" };
    const byCampaign = job.dimensions.includes("campaign");
    const header = [...job.dimensions, "impression", "click", "teads_billing"];
    const lines = adsCells(TEADS_SEED, job.start, job.end, { byCampaign }).map(({ day, campaign: c, m }) =>
      csvLine([day, ...(c ? [`${c.name} (${c.id})`] : []), m.impressions, m.clicks, m.cost.toFixed(2)]),
    );
    return { headers: { "content-type": "text/csv" }, body: [csvLine(header), ...lines].join("\n") + "\n" };
  });
  return Object.assign(fake, { jobs });
}

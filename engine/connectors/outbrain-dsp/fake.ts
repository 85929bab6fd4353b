// A local Outbrain DSP (Zemanta One) API: POST /o/token/ (client credentials with HTTP Basic),
// GET /rest/v1/accounts/, POST /rest/v1/reports/ -> {data: {id, status: IN_PROGRESS}}, GET
// /rest/v1/reports/{id}/ -> DONE with a result URL, and the CSV at that URL (no token needed, like
// the signed storage link). Errors are {errorCode, details}. Wire format: https://dev.zemanta.com/one/api/
import { csvLine } from "../../../tests/fakes/support/ads-family.js";
import { adsCells, bearerOf, startSessionFake, type SessionFake } from "../../../tests/fakes/support/ads-session.js";
import type { FakeReply } from "../../../tests/fakes/support/fake-server.js";

export const dspError = (status: number, errorCode: string, details: string): FakeReply => ({ status, json: { errorCode, details } });
export const DSP_UNAUTHORIZED = dspError(401, "AuthenticationFailed", "Authentication credentials were not provided or the token expired.");
export const DSP_REFUSAL: FakeReply = { status: 401, json: { error: "invalid_client" } };
export const DSP_CLIENT = { key: "dsp-client-0001", secret: "dsp-secret-0001" };
export const DSP_ACCOUNTS = [
  { id: 186, name: "Signal DSP", currency: "USD", archived: false },
  { id: 187, name: "Signal Archive", currency: "USD", archived: true },
];
export const FILES_PATH = "/reports-bucket/:file";

interface Job {
  columns: string[];
  from: string;
  to: string;
  account: string;
}

export async function startOutbrainDspFake(): Promise<SessionFake & { jobs: Map<string, Job> }> {
  const fake = await startSessionFake({
    name: "dsp",
    basePath: "",
    loginPath: "/o/token/",
    credential: { type: "api-key", key: DSP_CLIENT.key, secret: DSP_CLIENT.secret },
    accepts: (req) => req.form().get("grant_type") === "client_credentials" && String(req.headers.authorization) === `Basic ${Buffer.from(`${DSP_CLIENT.key}:${DSP_CLIENT.secret}`).toString("base64")}`,
    refusal: DSP_REFUSAL,
    issue: (token) => ({ json: { access_token: token, token_type: "Bearer", expires_in: 36000, scope: "read write" } }),
    tokenOf: bearerOf,
    unauthorized: () => DSP_UNAUTHORIZED,
  });
  const jobs = new Map<string, Job>();
  fake.route("GET", "/rest/v1/accounts/", () => ({ json: { data: DSP_ACCOUNTS.map((a) => ({ ...a, id: String(a.id) })) } }));
  fake.route("POST", "/rest/v1/reports/", (req) => {
    const body = req.json<{ fields: { field: string }[]; filters: { field: string; operator: string; from?: string; to?: string; value?: string }[] }>();
    const date = body.filters.find((f) => f.field === "Date" && f.operator === "between");
    const account = body.filters.find((f) => f.field === "Account Id");
    if (!date?.from || !date.to || !account?.value) return dspError(400, "ValidationError", "Date between and Account Id filters are required");
    const id = String(jobs.size + 27);
    jobs.set(id, { columns: body.fields.map((f) => f.field), from: date.from, to: date.to, account: account.value });
    return { status: 201, json: { data: { id, status: "IN_PROGRESS", result: null } } };
  });
  fake.route("GET", "/rest/v1/reports/:id/", (req) =>
    jobs.has(req.params.id) ? { json: { data: { id: req.params.id, status: "DONE", result: `${fake.server.url}/reports-bucket/${req.params.id}.csv` } } } : dspError(404, "DoesNotExist", "Report not found"),
  );
  fake.server.route("GET", FILES_PATH, (req) => {
    const job = jobs.get(req.params.file.replace(/\.csv$/, ""));
    if (!job) return { status: 404, body: "NoSuchKey" };
    const byCampaign = job.columns.includes("Campaign Id");
    const lines = adsCells(job.account, job.from, job.to, { byCampaign }).map(({ day, campaign: c, m }) => {
      const cells: Record<string, string | number> = { Day: day, "Campaign Id": c?.id ?? "", Campaign: c?.name ?? "", "Campaign Status": c?.status ?? "", Impressions: m.impressions, Clicks: m.clicks, "Total Spend": m.cost.toFixed(2) };
      return csvLine(job.columns.map((col) => cells[col] ?? ""));
    });
    return { headers: { "content-type": "text/csv" }, body: [csvLine(job.columns), ...lines].join("\n") + "\n" };
  });
  return Object.assign(fake, { jobs });
}

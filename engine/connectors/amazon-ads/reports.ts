// One Reporting v3 job: POST /reporting/reports, GET /reporting/reports/{id} until COMPLETED,
// then download the gzipped JSON from its pre-signed url
// (https://advertising.amazon.com/API/docs/en-us/guides/reporting/v3/get-started). Asking for a
// report identical to one in progress answers 425 with the existing id, which we then follow.
import { gunzipSync } from "node:zlib";
import { z } from "zod";
import { ConnectorError } from "../../core/errors.js";
import { pollUntilDone } from "../../core/poll.js";
import type { ConnectorContext, DateRange } from "../../core/types.js";
import type { AmazonReport } from "./fields.js";
import type { Profile } from "./profiles.js";

const PLATFORM = "amazon-ads";

export interface PollTiming {
  initialDelayMs?: number;
  maxDelayMs?: number;
  timeoutMs?: number;
}

const createdSchema = z.object({ reportId: z.string(), status: z.string().optional() });
const statusSchema = z.object({ reportId: z.string(), status: z.string(), url: z.string().nullish(), failureReason: z.string().nullish() });
const rowsSchema = z.array(z.record(z.string(), z.union([z.string(), z.number(), z.null()])));

export function profileHeaders(profile: Profile, clientId: string): Record<string, string> {
  return { "Amazon-Advertising-API-ClientId": clientId, "Amazon-Advertising-API-Scope": profile.id };
}

export async function runReport(
  ctx: ConnectorContext,
  job: { profile: Profile; clientId: string; report: AmazonReport; columns: string[]; range: DateRange },
  timing: PollTiming = {},
): Promise<Record<string, string | number | null>[]> {
  const headers = profileHeaders(job.profile, job.clientId);
  const created = await ctx.http.request({
    method: "POST",
    url: `${job.profile.host}/reporting/reports`,
    headers: { ...headers, "content-type": "application/vnd.createasyncreportrequest.v3+json" },
    json: {
      name: `signalpost ${job.report.id} ${job.range.start}..${job.range.end}`,
      startDate: job.range.start,
      endDate: job.range.end,
      configuration: {
        adProduct: job.report.adProduct,
        groupBy: [job.report.groupBy],
        columns: job.columns,
        reportTypeId: job.report.reportTypeId,
        timeUnit: "DAILY",
        format: "GZIP_JSON",
      },
    },
    account: job.profile.id,
    expect: [425],
  });
  let reportId: string;
  if (created.status === 425) {
    const duplicate = /duplicate of\s*:?\s*([0-9a-f-]{8,})/i.exec(created.text)?.[1];
    if (!duplicate) throw new ConnectorError({ kind: "system", platform: PLATFORM, status: 425, message: "Amazon Ads refused a duplicate report without naming the original.", bodyExcerpt: ctx.http.redact(created.text.slice(0, 300)) });
    reportId = duplicate;
  } else {
    reportId = createdSchema.parse(created.json()).reportId;
  }
  const done = await pollUntilDone({
    platform: PLATFORM,
    what: `report ${reportId}`,
    check: () => ctx.http.json({ url: `${job.profile.host}/reporting/reports/${reportId}`, headers, account: job.profile.id }, statusSchema),
    state: (s) => (s.status === "COMPLETED" ? "done" : s.status === "FAILED" ? { failed: s.failureReason ?? "the report failed", kind: "system" } : "pending"),
    // Amazon advises polling no faster than every few seconds; reports take seconds to hours.
    initialDelayMs: timing.initialDelayMs ?? 5_000,
    maxDelayMs: timing.maxDelayMs ?? 60_000,
    timeoutMs: timing.timeoutMs ?? 3 * 60 * 60_000,
    signal: ctx.signal,
  });
  if (!done.url) return [];
  // Pre-signed S3 URL: credentials would make S3 refuse it.
  const response = await ctx.http.stream({ url: done.url, auth: false, headers: { accept: "application/octet-stream" }, account: job.profile.id });
  const gz = Buffer.from(await response.arrayBuffer());
  try {
    return rowsSchema.parse(JSON.parse(gunzipSync(gz).toString("utf8")));
  } catch (cause) {
    throw new ConnectorError({
      kind: "system",
      platform: PLATFORM,
      message: `Amazon Ads report ${reportId} could not be read (${cause instanceof Error ? cause.message.slice(0, 200) : String(cause)}).`,
      cause,
    });
  }
}

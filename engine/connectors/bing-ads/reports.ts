// One report job: SubmitGenerateReport, PollGenerateReport until Success, then download the
// zipped CSV from ReportDownloadUrl (https://learn.microsoft.com/en-us/advertising/guides/request-download-report?view=bingads-13).
// A Success without ReportDownloadUrl means the report has no rows.
import { z } from "zod";
import { readZip } from "../../core/zip.js";
import { parseCsvObjects } from "../../core/csv-parse.js";
import { ConnectorError } from "../../core/errors.js";
import { pollUntilDone } from "../../core/poll.js";
import type { ConnectorContext, DateRange } from "../../core/types.js";
import type { BingReport } from "./fields.js";
import { serviceUrl } from "./urls.js";

const PLATFORM = "bing-ads";

export interface ReportJob {
  report: Pick<BingReport, "id" | "requestType">;
  accountId: string;
  customerId?: string;
  columns: string[];
  /** Absent for report types without an Aggregation (Budget summary, conflict reports, ...). */
  aggregation?: "Summary" | "Daily" | "Hourly";
  /** Absent for report types without a Time (the negative keyword conflict reports). */
  range?: DateRange;
}

export interface PollTiming {
  initialDelayMs?: number;
  maxDelayMs?: number;
  timeoutMs?: number;
}

const submitSchema = z.object({ ReportRequestId: z.string().min(1) });
const pollSchema = z.object({
  ReportRequestStatus: z.object({ Status: z.string(), ReportDownloadUrl: z.string().nullish() }),
});

const day = (iso: string) => {
  const [Year, Month, Day] = iso.split("-").map(Number);
  return { Day, Month, Year };
};

export function reportRequestBody(job: ReportJob): unknown {
  return {
    ReportRequest: {
      Type: job.report.requestType,
      ExcludeColumnHeaders: false,
      ExcludeReportFooter: true,
      ExcludeReportHeader: true,
      Format: "Csv",
      FormatVersion: "2.0",
      ReportName: `signalpost ${job.report.id} ${job.accountId}${job.range ? ` ${job.range.start}..${job.range.end}` : ""}`,
      // Incomplete (today's) data is what the hourly alerts need; restatement re-reads it later.
      ReturnOnlyCompleteData: false,
      ...(job.aggregation ? { Aggregation: job.aggregation } : {}),
      Columns: job.columns,
      Scope: { AccountIds: [Number(job.accountId)] },
      // Custom dates are read in the account's time zone; ReportTimeZone only anchors predefined ranges.
      ...(job.range ? { Time: { CustomDateRangeStart: day(job.range.start), CustomDateRangeEnd: day(job.range.end), PredefinedTime: null, ReportTimeZone: null } } : {}),
    },
  };
}

function headers(job: ReportJob): Record<string, string> {
  return { CustomerAccountId: job.accountId, ...(job.customerId ? { CustomerId: job.customerId } : {}) };
}

/** Runs one report job and returns its CSV records (empty when the report has no data). */
export async function runReport(ctx: ConnectorContext, job: ReportJob, timing: PollTiming = {}): Promise<Record<string, string>[]> {
  const { ReportRequestId: id } = await ctx.http.json(
    { method: "POST", url: serviceUrl(ctx, "reporting", "/GenerateReport/Submit"), headers: headers(job), json: reportRequestBody(job), account: job.accountId },
    submitSchema,
  );
  const status = await pollUntilDone({
    platform: PLATFORM,
    what: `report ${id}`,
    check: () =>
      ctx.http.json(
        { method: "POST", url: serviceUrl(ctx, "reporting", "/GenerateReport/Poll"), headers: headers(job), json: { ReportRequestId: id }, account: job.accountId },
        pollSchema,
      ),
    state: ({ ReportRequestStatus: s }) =>
      s.Status === "Success" ? "done" : s.Status === "Pending" ? "pending" : { failed: `the report ended with status ${s.Status}`, kind: "system" },
    initialDelayMs: timing.initialDelayMs ?? 2_000,
    maxDelayMs: timing.maxDelayMs,
    timeoutMs: timing.timeoutMs,
    signal: ctx.signal,
  });
  const url = status.ReportRequestStatus.ReportDownloadUrl;
  if (!url) return [];
  // The download URL is pre-signed: an Authorization header would be refused by the storage host.
  const response = await ctx.http.stream({ url, auth: false, headers: { accept: "application/zip, application/octet-stream" }, account: job.accountId });
  const archive = Buffer.from(await response.arrayBuffer());
  let csv: string;
  try {
    const entry = readZip(archive).find((e) => e.name.toLowerCase().endsWith(".csv"));
    if (!entry) throw new Error("the archive holds no CSV file");
    csv = entry.data.toString("utf8");
  } catch (cause) {
    throw new ConnectorError({
      kind: "system",
      platform: PLATFORM,
      message: `Microsoft Advertising report ${id} could not be read (${cause instanceof Error ? cause.message : String(cause)}).`,
      bodyExcerpt: ctx.http.redact(archive.subarray(0, 200).toString("utf8")),
      cause,
    });
  }
  return parseCsvObjects(csv);
}

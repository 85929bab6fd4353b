// Adtraction through its API v3 (https://adtraction.docs.apiary.io): the form's API token goes in
// the X-Token header; a publisher's channels (GET /v3/partner/channels/) are the accounts, and
// POST /v3/partner/transactions/ ({fromDate, toDate, channelId}) answers the channel's
// transactions, read a month at a time and summed per day, program, status and currency.
import { DateTime } from "luxon";
import { z } from "zod";
import { splitDateRange } from "../../core/dates.js";
import type { Account, ConnectorContext, DateRange, Row } from "../../core/types.js";
import { AFFILIATE_FIELDS } from "../shared/affiliate-fields.js";
import { num, platformErrors, recordsConnector, stamp } from "../shared/records.js";

const PLATFORM = "adtraction";
const MAX_DAYS = 31;
/** Adtraction is a Stockholm company: its API dates are Swedish local time. */
const ZONE = "Europe/Stockholm";

const channels = z.array(z.object({ channelId: z.number(), channelName: z.string(), currency: z.string().nullish(), status: z.number().nullish() }).passthrough());
const transaction = z.object({
  uniqueId: z.union([z.string(), z.number()]).nullish(),
  transactionDate: z.string(),
  programId: z.number().nullish(),
  programName: z.string().nullish(),
  orderValue: z.number().nullish(),
  commission: z.number().nullish(),
  currency: z.string().nullish(),
  transactionStatus: z.number().nullish(),
}).passthrough();
/** transactionStatus codes: https://adtraction.docs.apiary.io (Transactions). */
const STATUS: Record<number, string> = { 1: "approved", 2: "pending", 4: "declined", 5: "invoiced" };

async function* transactions(ctx: ConnectorContext, account: Account, range: DateRange) {
  for (const slice of splitDateRange(range, MAX_DAYS)) {
    const from = DateTime.fromISO(slice.start, { zone: ZONE }).startOf("day");
    const to = DateTime.fromISO(slice.end, { zone: ZONE }).endOf("day").set({ millisecond: 0 });
    const list = await ctx.http.json({
      method: "POST",
      url: "/partner/transactions/",
      account: account.id,
      json: { fromDate: from.toFormat("yyyy-MM-dd'T'HH:mm:ssZZZ"), toDate: to.toFormat("yyyy-MM-dd'T'HH:mm:ssZZZ"), channelId: Number(account.id) },
    }, z.array(transaction));
    if (list.length > 0) yield list;
  }
}

export const adtractionConnector = recordsConnector({
  id: PLATFORM,
  authMethod: "api-key",
  timezone: { fixed: ZONE },
  currency: "none",
  // Advertisers approve or decline transactions within their validation period (typically up to
  // 60 days), which changes status and commission. https://adtraction.com/se/faq
  restatementDays: 60,
  allowedHosts: ["api.adtraction.com"],
  defaultBaseUrl: "https://api.adtraction.com/v3",
  rateLimit: { maxConcurrent: 1, minTimeMs: 500 },
  authorize(request, credential) {
    request.headers["x-token"] = credential.type === "api-key" ? credential.key : "";
  },
  classifyError: platformErrors({
    platform: PLATFORM,
    displayName: "Adtraction",
    message: (b: any) => b?.message ?? b?.error,
    reconnect: "Copy the API token from Adtraction (Settings > API) and reconnect the source.",
  }),
  async check(ctx) {
    const list = await ctx.http.json({ url: "/partner/channels/" }, channels);
    return { ok: true, identity: list[0]?.channelName };
  },
  async listAccounts(ctx) {
    const list = await ctx.http.json({ url: "/partner/channels/" }, channels);
    return list.map((c) => ({ id: String(c.channelId), name: c.channelName, timezone: ZONE, currency: c.currency || "SEK", status: "active" }));
  },
  reports: [
    {
      id: "transactions",
      name: "Transactions",
      description: "Transactions, order values and commissions by day, program and status.",
      fields: AFFILIATE_FIELDS,
      fetch: transactions,
      record(t: z.infer<typeof transaction>, account: Account): Row {
        return {
          date: stamp(t.transactionDate, ZONE).date,
          account_id: account.id,
          account_name: account.name,
          partner_id: t.programId === undefined || t.programId === null ? null : String(t.programId),
          partner_name: t.programName ?? null,
          commission_status: t.transactionStatus === undefined || t.transactionStatus === null ? null : (STATUS[t.transactionStatus] ?? String(t.transactionStatus)),
          currency: t.currency ?? null,
          transactions: 1,
          sale_amount: num(t.orderValue),
          commission: num(t.commission),
        };
      },
    },
  ],
});

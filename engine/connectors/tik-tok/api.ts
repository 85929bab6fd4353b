// TikTok Business API envelope: every answer is {"code","message","request_id","data"} and most
// failures come back as HTTP 200 with a non-zero code, so the http client's status rules never
// see them. This maps the codes and retries the transient ones itself.
// Return codes: https://business-api.tiktok.com/portal/docs?id=1737172488964097
import { z } from "zod";
import { ConnectorError, type ConnectorErrorKind } from "../../core/errors.js";
import type { HttpRequest } from "../../core/http-types.js";
import { delay } from "../../core/poll.js";
import type { ConnectorContext } from "../../core/types.js";

export const PLATFORM = "tik-tok";

const envelope = z.object({ code: z.number(), message: z.string().optional(), request_id: z.string().optional(), data: z.unknown().optional() });

export interface EnvelopeRetry {
  /** Attempts after the first for transient codes (rate limit, system busy). */
  retries?: number;
  baseDelayMs?: number;
}

/**
 * 40100: too many requests (QPS/QPM/QPD). 401xx: app or token problems (40102 expired, 40104
 * empty, 40105 incorrect or revoked...). 40001 and 403xx: no permission on the advertiser or
 * scope. 50000/50002 and 51xxx: TikTok system errors worth retrying.
 */
export function kindOfCode(code: number): { kind: ConnectorErrorKind; why: string } {
  if (code === 40100 || code === 40133) return { kind: "transient", why: "rate limited" };
  if (code >= 40101 && code <= 40199) return { kind: "config", why: "token" };
  if (code === 40001 || (code >= 40300 && code <= 40399)) return { kind: "config", why: "permission" };
  if (code >= 50000 && code <= 51999) return { kind: "transient", why: "system" };
  return { kind: "system", why: "request" };
}

/** Who the messages speak for: the ads connector, or another Business API connector (TikTok Organic). */
export interface EnvelopeWording {
  platform: string;
  source: string;
  permission: string;
}

const ADS_WORDING: EnvelopeWording = { platform: PLATFORM, source: "TikTok Ads", permission: "the Ads Management and Reporting permissions on this advertiser" };

function envelopeError(ctx: ConnectorContext, code: number, message: string, requestId: string | undefined, req: HttpRequest, wording: EnvelopeWording): ConnectorError {
  const { kind, why } = kindOfCode(code);
  const said = ctx.http.redact(`code ${code}: ${message.slice(0, 200)}${requestId ? `, request_id ${requestId}` : ""}`);
  const text =
    why === "token"
      ? `TikTok no longer accepts this connection's access token (${said}). Reconnect the ${wording.source} source.`
      : why === "permission"
        ? `TikTok denied access (${said}). The connected TikTok user needs ${wording.permission}; reconnect after granting them.`
        : why === "rate limited"
          ? `TikTok's request limit was reached (${said}). The extraction will be retried.`
          : why === "system"
            ? `TikTok had a temporary problem (${said}). The extraction will be retried.`
            : `TikTok rejected the request (${said}).`;
  return new ConnectorError({ kind, platform: wording.platform, message: text, request: ctx.http.redact({ method: req.method ?? "GET", url: req.url }) });
}

/** Calls one endpoint and returns its `data`, parsed; non-zero codes raise (transient ones after retries). */
export async function tiktokCall<T>(ctx: ConnectorContext, req: HttpRequest, data: z.ZodType<T>, retry: EnvelopeRetry = {}, wording: EnvelopeWording = ADS_WORDING): Promise<T> {
  const retries = retry.retries ?? 4;
  for (let attempt = 0; ; attempt++) {
    const body = await ctx.http.json(req, envelope);
    if (body.code === 0) {
      const parsed = data.safeParse(body.data);
      if (parsed.success) return parsed.data;
      throw new ConnectorError({
        kind: "system",
        platform: wording.platform,
        request: ctx.http.redact({ method: req.method ?? "GET", url: req.url }),
        bodyExcerpt: ctx.http.redact(JSON.stringify(body.data ?? null).slice(0, 500)),
        message: `TikTok answered with an unexpected payload (${parsed.error.issues[0]?.path.join(".") || "data"}: ${parsed.error.issues[0]?.message}).`,
      });
    }
    const error = envelopeError(ctx, body.code, body.message ?? "", body.request_id, req, wording);
    if (error.kind !== "transient" || attempt >= retries) throw error;
    const wait = (retry.baseDelayMs ?? 1000) * 2 ** attempt;
    ctx.log?.warn("tiktok transient code, retrying", { code: body.code, attempt: attempt + 1, waitMs: wait });
    await delay(wait, ctx.signal);
  }
}

/** TikTok's list parameters are JSON arrays in the query string: advertiser_ids=["1","2"]. */
export const jsonList = (values: readonly string[]) => JSON.stringify(values);

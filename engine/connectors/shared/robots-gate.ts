// Connectors that read public pages or unofficial endpoints (review sites, Google Trends) read each
// host's robots.txt once per context and honour it for the Signalpost agent (or "*").
import { ConnectorError } from "../../core/errors.js";
import type { ConnectorContext } from "../../core/types.js";
import { REVIEW_USER_AGENT, robotsAllows } from "./review-sites.js";

export function robotsGate(platform: string) {
  const cache = new WeakMap<ConnectorContext, Map<string, string>>();

  async function robotsFor(ctx: ConnectorContext, url: URL): Promise<string> {
    let byHost = cache.get(ctx);
    if (!byHost) cache.set(ctx, (byHost = new Map()));
    const cached = byHost.get(url.host);
    if (cached !== undefined) return cached;
    const res = await ctx.http.request({ url: new URL("/robots.txt", url).toString(), auth: false, account: url.host, headers: { "user-agent": REVIEW_USER_AGENT, accept: "text/plain" }, expect: [401, 403, 404, 410] });
    // RFC 9309 §2.3.1.3: an unavailable robots.txt (4xx) means no restrictions.
    const body = res.status === 200 ? res.text : "";
    byHost.set(url.host, body);
    return body;
  }

  /** Throws a config error when the host's robots.txt disallows the URL; `what` names the refused read. */
  return async function assertAllowed(ctx: ConnectorContext, url: URL, what: string): Promise<void> {
    if (!robotsAllows(await robotsFor(ctx, url), url.pathname + url.search)) {
      throw new ConnectorError({ kind: "config", platform, message: `${url.host}'s robots.txt does not allow reading ${url.pathname}; Signalpost will not fetch ${what}.` });
    }
  };
}

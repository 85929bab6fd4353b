// The URL checker (spec 1 §3 Url check, §4 "ok only when last status is 200"): a real HTTP GET of
// each ad final URL, following up to MAX_REDIRECTS redirects, with a timeout, and honouring the
// site's robots.txt for our user agent (RFC 9309): a disallowed URL is not fetched. The URLs are
// the tenant's: the worker passes the outbound guard's fetch (decision 0840), which checks the
// address of every hop, and a failure says what failed without the network's details.
import { networkCode, outboundRefusal } from "../core/outbound.js";

export const URL_CHECK_USER_AGENT = "SignalpostUrlChecker/1.0 (+https://signalpost.example/url-checker)";
export const MAX_REDIRECTS = 5;

export type UrlCheckResult = {
  url: string;
  /** Final HTTP status, or null when no answer (timeout, DNS, refused, robots). */
  status: number | null;
  finalUrl: string;
  redirects: number;
  error?: string;
  blockedByRobots?: boolean;
};

type Fetch = typeof fetch;

/** Disallow rules of robots.txt for our agent (or *), longest match wins with Allow (RFC 9309 §2.2.2). */
export function robotsAllows(robotsTxt: string, path: string, agent = "signalposturlchecker"): boolean {
  const groups: { agents: string[]; rules: { allow: boolean; path: string }[] }[] = [];
  let current: (typeof groups)[number] | null = null;
  let lastWasAgent = false;
  for (const raw of robotsTxt.split(/\r?\n/)) {
    const line = raw.replace(/#.*/, "").trim();
    const m = /^([A-Za-z-]+)\s*:\s*(.*)$/.exec(line);
    if (!m) continue;
    const key = m[1].toLowerCase();
    const value = m[2].trim();
    if (key === "user-agent") {
      if (!current || !lastWasAgent) {
        current = { agents: [], rules: [] };
        groups.push(current);
      }
      current.agents.push(value.toLowerCase());
      lastWasAgent = true;
    } else if ((key === "allow" || key === "disallow") && current) {
      lastWasAgent = false;
      if (value) current.rules.push({ allow: key === "allow", path: value });
    } else {
      lastWasAgent = false;
    }
  }
  const mine = groups.filter((g) => g.agents.some((a) => a !== "*" && agent.startsWith(a)));
  const applicable = mine.length ? mine : groups.filter((g) => g.agents.includes("*"));
  let best: { allow: boolean; length: number } | null = null;
  for (const rule of applicable.flatMap((g) => g.rules)) {
    const pattern = new RegExp("^" + rule.path.replace(/[.+?^${}()|[\]\\]/g, "\\$&").replace(/\*/g, ".*").replace(/\\\$$/, "$"));
    if (pattern.test(path) && (!best || rule.path.length > best.length || (rule.path.length === best.length && rule.allow))) best = { allow: rule.allow, length: rule.path.length };
  }
  return best ? best.allow : true;
}

/** What a failed fetch tells the user: refused, not found, no answer in time, or no connection; never an errno or an address. */
function failure(error: unknown, timeoutMs: number): string {
  const name = (error as Error)?.name;
  if (name === "TimeoutError" || name === "AbortError") return `No answer within ${timeoutMs / 1000} s`;
  const refusal = outboundRefusal(error);
  if (refusal) return refusal.message;
  if (networkCode(error) === "ENOTFOUND") return "The site's host name was not found";
  return "Could not connect to the site";
}

export async function checkUrl(url: string, opts: { fetch?: Fetch; timeoutMs?: number; robotsCache?: Map<string, string | null> } = {}): Promise<UrlCheckResult> {
  const doFetch = opts.fetch ?? fetch;
  const timeoutMs = opts.timeoutMs ?? 10_000;
  let target: URL;
  try {
    target = new URL(url);
    if (target.protocol !== "http:" && target.protocol !== "https:") throw new Error("not http");
  } catch {
    return { url, status: null, finalUrl: url, redirects: 0, error: "Not a valid http(s) URL" };
  }
  const robots = opts.robotsCache ?? new Map<string, string | null>();
  for (let redirects = 0; redirects <= MAX_REDIRECTS; redirects++) {
    if (!robots.has(target.origin)) {
      try {
        const r = await doFetch(`${target.origin}/robots.txt`, { headers: { "user-agent": URL_CHECK_USER_AGENT }, signal: AbortSignal.timeout(timeoutMs), redirect: "follow" });
        robots.set(target.origin, r.ok ? await r.text() : null);
      } catch {
        // No robots.txt reachable: everything is allowed (RFC 9309 §2.3.1.3 treats it as unavailable).
        robots.set(target.origin, null);
      }
    }
    const rules = robots.get(target.origin);
    if (rules && !robotsAllows(rules, target.pathname + target.search)) {
      return { url, status: null, finalUrl: target.toString(), redirects, blockedByRobots: true, error: "Blocked by robots.txt" };
    }
    let response: Response;
    try {
      response = await doFetch(target, { headers: { "user-agent": URL_CHECK_USER_AGENT, accept: "text/html,*/*" }, redirect: "manual", signal: AbortSignal.timeout(timeoutMs) });
    } catch (error) {
      return { url, status: null, finalUrl: target.toString(), redirects, error: failure(error, timeoutMs) };
    }
    // The body is not needed: release the connection.
    await response.body?.cancel().catch(() => undefined);
    const location = response.headers.get("location");
    if (response.status >= 300 && response.status < 400 && location) {
      let next: URL;
      try {
        next = new URL(location, target);
      } catch {
        return { url, status: response.status, finalUrl: target.toString(), redirects, error: "The site redirects to an invalid address" };
      }
      if (next.protocol !== "http:" && next.protocol !== "https:") return { url, status: response.status, finalUrl: target.toString(), redirects, error: "The site redirects to an address that is not http(s)" };
      target = next;
      continue;
    }
    return { url, status: response.status, finalUrl: target.toString(), redirects };
  }
  return { url, status: null, finalUrl: target.toString(), redirects: MAX_REDIRECTS, error: `More than ${MAX_REDIRECTS} redirects` };
}

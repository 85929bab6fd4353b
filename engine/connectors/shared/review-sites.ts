// Review sites without an official reviews API (spec 3 §2.7): each identifier of the form's
// "accounts" list (key fixed to "void") is a public page whose schema.org JSON-LD carries an
// AggregateRating and Review items (https://schema.org/Review, the structured data search engines
// read: https://developers.google.com/search/docs/appearance/structured-data/review-snippet).
// Politeness: robots.txt is read once per host and honoured for the Signalpost user agent and "*",
// every request names Signalpost in its User-Agent, and the http client's rate limit keeps one
// request per second per host (the budget key of each request is its host).
import { createHash } from "node:crypto";
import { ConnectorError } from "../../core/errors.js";
import { dimension, metric } from "../../core/field-defs.js";
import { robotsGate } from "./robots-gate.js";
import type { Account, ApiKeyCredential, Connector, ConnectorContext, FieldDef, ReadRequest, Row, RowPage } from "../../core/types.js";

export const REVIEW_USER_AGENT = "SignalpostBot/1.0 (+https://signalpost.io/bot; Signalpost review monitoring)";
const ROBOTS_AGENT = "signalpostbot";
/** A runaway guard: sites list newest first, so a range rarely needs more pages than this. */
const MAX_PAGES = 50;

export interface ReviewSiteSpec {
  id: string;
  /** e.g. https://www.trustpilot.com */
  origin: string;
  /** Hosts the scraper may call, e.g. ["www.trustpilot.com"]. */
  allowedHosts: string[];
  /** Path (and query) of an identifier's review page, relative to the origin. */
  pathFor(identifier: string): string;
  /** Days a site may still add or edit reviews of a day (late moderation, edits). */
  restatementDays: number;
}

export const REVIEW_FIELDS: FieldDef[] = [
  dimension("date", "Date", "YEAR_MONTH_DAY", "Day the review was published (datePublished)."),
  dimension("review_id", "Review ID", "TEXT", "The review's @id or url, else a stable hash of author, date and text."),
  dimension("author", "Author", "TEXT", "The review author's name."),
  dimension("rating", "Rating", "NUMBER", "The review's own rating (reviewRating.ratingValue)."),
  dimension("title", "Title", "TEXT", "The review headline or name."),
  dimension("body", "Body", "TEXT", "The review text (reviewBody)."),
  metric("rating_value", "Average rating", "NUMBER", "AVG", "The page's AggregateRating ratingValue."),
  metric("review_count", "Review count", "NUMBER", "MAX", "The page's AggregateRating reviewCount."),
];

export interface ParsedReview {
  id: string;
  date: string;
  author: string | null;
  rating: number | null;
  title: string | null;
  body: string | null;
}

export interface ParsedPage {
  ratingValue: number | null;
  reviewCount: number | null;
  reviews: ParsedReview[];
  /** The page's <link rel="next">, when the site paginates. */
  next?: string;
}

type Json = Record<string, unknown>;

function asArray(value: unknown): unknown[] {
  return value === undefined || value === null ? [] : Array.isArray(value) ? value : [value];
}

function num(value: unknown): number | null {
  const n = typeof value === "string" ? Number(value.replace(",", ".")) : typeof value === "number" ? value : NaN;
  return Number.isFinite(n) ? n : null;
}

function text(value: unknown): string | null {
  if (typeof value === "string") return value;
  if (value && typeof value === "object" && typeof (value as Json).name === "string") return (value as Json).name as string;
  return null;
}

function types(node: Json): string[] {
  return asArray(node["@type"]).map(String);
}

/** Every JSON object of the page's ld+json scripts, @graph and nesting flattened. */
function jsonLdNodes(html: string): Json[] {
  const out: Json[] = [];
  const visit = (value: unknown): void => {
    if (Array.isArray(value)) value.forEach(visit);
    else if (value && typeof value === "object") {
      out.push(value as Json);
      for (const v of Object.values(value as Json)) if (v && typeof v === "object") visit(v);
    }
  };
  const re = /<script[^>]*type=["']application\/ld\+json["'][^>]*>([\s\S]*?)<\/script>/gi;
  for (const m of html.matchAll(re)) {
    try {
      visit(JSON.parse(m[1]!.trim()));
    } catch {
      // One broken block (sites template these by hand) must not hide the others.
    }
  }
  return out;
}

function reviewId(node: Json, date: string, author: string | null, body: string | null): string {
  const own = typeof node["@id"] === "string" ? node["@id"] : typeof node.url === "string" ? node.url : undefined;
  if (own) return own;
  return createHash("sha1").update(`${date}\u0000${author ?? ""}\u0000${body ?? ""}`).digest("hex").slice(0, 16);
}

export function parseReviewPage(html: string): ParsedPage {
  const nodes = jsonLdNodes(html);
  const aggregate = nodes.find((n) => types(n).includes("AggregateRating"));
  const reviews: ParsedReview[] = [];
  const seen = new Set<string>();
  for (const node of nodes) {
    if (!types(node).includes("Review")) continue;
    const published = typeof node.datePublished === "string" ? node.datePublished.slice(0, 10) : undefined;
    if (!published || !/^\d{4}-\d{2}-\d{2}$/.test(published)) continue;
    const author = text(node.author);
    const body = text(node.reviewBody) ?? text(node.description);
    const id = reviewId(node, published, author, body);
    if (seen.has(id)) continue;
    seen.add(id);
    reviews.push({ id, date: published, author, rating: num((node.reviewRating as Json | undefined)?.ratingValue), title: text(node.headline) ?? text(node.name), body });
  }
  const next = /<link[^>]*rel=["']next["'][^>]*>/i.exec(html)?.[0];
  const href = next ? /href=["']([^"']+)["']/i.exec(next)?.[1]?.replace(/&amp;/g, "&") : undefined;
  return {
    ratingValue: num(aggregate?.ratingValue),
    reviewCount: num(aggregate?.reviewCount ?? aggregate?.ratingCount),
    reviews,
    next: href,
  };
}

/** Disallow rules of robots.txt for our agent (its own group, else "*"), RFC 9309 longest match. */
export function robotsAllows(robots: string, path: string): boolean {
  const groups: { agents: string[]; rules: { allow: boolean; path: string }[] }[] = [];
  let current: (typeof groups)[number] | undefined;
  let inAgents = false;
  for (const raw of robots.split(/\r?\n/)) {
    const line = raw.replace(/#.*/, "").trim();
    const m = /^([A-Za-z-]+)\s*:\s*(.*)$/.exec(line);
    if (!m) continue;
    const key = m[1]!.toLowerCase();
    const value = m[2]!.trim();
    if (key === "user-agent") {
      if (!inAgents || !current) groups.push((current = { agents: [], rules: [] }));
      current.agents.push(value.toLowerCase());
      inAgents = true;
    } else if ((key === "allow" || key === "disallow") && current) {
      inAgents = false;
      if (value) current.rules.push({ allow: key === "allow", path: value });
    }
  }
  const group = groups.find((g) => g.agents.some((a) => a !== "*" && ROBOTS_AGENT.includes(a))) ?? groups.find((g) => g.agents.includes("*"));
  if (!group) return true;
  let best: { allow: boolean; length: number } = { allow: true, length: -1 };
  for (const rule of group.rules) {
    const pattern = new RegExp("^" + rule.path.replace(/[.+?^${}()|[\]\\]/g, "\\$&").replace(/\*/g, ".*").replace(/\\\$$/, "$"));
    if (pattern.test(path) && rule.path.length > best.length) best = { allow: rule.allow, length: rule.path.length };
  }
  return best.allow;
}

export function identifiersOf(credential: ApiKeyCredential): string[] {
  const raw = credential.options?.accounts;
  const list = Array.isArray(raw) ? raw : typeof raw === "string" ? [raw] : [];
  return [...new Set(list.flatMap((v) => v.split(",")).map((v) => v.trim()).filter(Boolean))];
}

export function reviewSiteConnector(spec: ReviewSiteSpec): Connector {
  const assertAllowed = robotsGate(spec.id);

  async function fetchPage(ctx: ConnectorContext, url: URL, identifier: string): Promise<ParsedPage> {
    await assertAllowed(ctx, url, `"${identifier}"`);
    const res = await ctx.http.request({ url: url.toString(), auth: false, account: url.host, headers: { "user-agent": REVIEW_USER_AGENT, accept: "text/html" }, expect: [404, 410] });
    if (res.status === 404 || res.status === 410) {
      throw new ConnectorError({ kind: "config", platform: spec.id, status: res.status, message: `No ${spec.id} page for "${identifier}" (HTTP ${res.status}). Check the identifier in the connection.` });
    }
    return parseReviewPage(res.text);
  }

  const firstUrl = (ctx: ConnectorContext, identifier: string) => new URL(spec.pathFor(identifier), ctx.http.baseUrl);

  const credentialOf = (ctx: ConnectorContext) => ctx.http.credential as ApiKeyCredential;

  return {
    id: spec.id,
    authMethod: "api-key",
    // Review dates are calendar days as the site prints them; no money.
    timezone: { fixed: "UTC" },
    currency: "none",
    restatementDays: spec.restatementDays,
    allowedHosts: spec.allowedHosts,
    defaultBaseUrl: spec.origin,
    rateLimit: { maxConcurrent: 1, minTimeMs: 1000 },
    // Public pages: the fixed "void" key is never sent.
    authorize() {},
    async check(ctx) {
      const ids = identifiersOf(credentialOf(ctx));
      if (ids.length === 0) throw new ConnectorError({ kind: "config", platform: spec.id, message: "Add at least one identifier to the connection." });
      await fetchPage(ctx, firstUrl(ctx, ids[0]!), ids[0]!);
      return { ok: true, identity: ids.join(", ") };
    },
    async listAccounts(ctx): Promise<Account[]> {
      // XXX is ISO 4217's "no currency": reviews carry no money.
      return identifiersOf(credentialOf(ctx)).map((id) => ({ id, name: id, timezone: "UTC", currency: "XXX", status: "active" }));
    },
    async listReports() {
      return [{ id: "reviews", name: "Reviews", description: "Reviews published in the range, with the page's average rating and review count." }];
    },
    async listConfigFields() {
      return [];
    },
    async listFields() {
      return REVIEW_FIELDS;
    },
    read(ctx, req: ReadRequest): AsyncIterable<RowPage> {
      return (async function* () {
        for (const account of req.accounts) {
          let url: URL | undefined = firstUrl(ctx, account.id);
          const origin = url.origin;
          for (let page = 0; url && page < MAX_PAGES; page++) {
            const parsed = await fetchPage(ctx, url, account.id);
            const rows: Row[] = parsed.reviews
              .filter((r) => r.date >= req.range.start && r.date <= req.range.end)
              .map((r) => {
                const full: Row = { date: r.date, review_id: r.id, author: r.author, rating: r.rating, title: r.title, body: r.body, rating_value: parsed.ratingValue, review_count: parsed.reviewCount };
                return Object.fromEntries(req.fields.map((f) => [f, full[f] ?? null]));
              });
            if (rows.length > 0) yield { rows };
            // Newest first: once a page reaches before the range, older pages cannot match.
            const oldest = parsed.reviews.reduce<string | undefined>((min, r) => (min === undefined || r.date < min ? r.date : min), undefined);
            if (!parsed.next || oldest === undefined || oldest < req.range.start) break;
            const next: URL = new URL(parsed.next, url);
            url = next.origin === origin ? next : undefined;
          }
        }
      })();
    },
  };
}

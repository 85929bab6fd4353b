// A review site's public pages for the scraper of engine/connectors/shared/review-sites.ts:
// robots.txt, and per identifier an HTML page with schema.org JSON-LD (AggregateRating and
// Review items, newest first) paginated with ?page=N and <link rel="next">.
import type { ApiKeyCredential } from "../../../engine/core/types.js";
import type { PlatformFake } from "./behaviours.js";
import { replies, startFakeServer, type FakeReply, type FakeServer, type RecordedRequest } from "./fake-server.js";

export interface FakeReview {
  id: string;
  date: string;
  author: string;
  rating: number;
  title: string;
  body: string;
}

export interface ReviewSiteFake extends PlatformFake {
  reviews: Map<string, FakeReview[]>;
  robots: { text: string };
}

export const REVIEW_PAGE_SIZE = 10;
export const REVIEWS_PER_IDENTIFIER = 40;
export const REVIEW_IDENTIFIERS = ["first", "second"];

/** 40 reviews per identifier, one a day back from 2026-03-31. */
export function fakeReviews(identifier: string): FakeReview[] {
  return Array.from({ length: REVIEWS_PER_IDENTIFIER }, (_, i) => {
    const date = new Date(Date.UTC(2026, 2, 31 - i)).toISOString().slice(0, 10);
    return { id: `https://reviews.test/${identifier}/${i}`, date, author: `Author ${i}`, rating: (i % 5) + 1, title: `Title ${i}`, body: `Review ${i} of ${identifier}` };
  });
}

export function averageOf(reviews: FakeReview[]): number {
  return Math.round((reviews.reduce((s, r) => s + r.rating, 0) / reviews.length) * 10) / 10;
}

/** What the form sends (spec 3 §2.7): the key fixed to "void", the identifiers comma separated. */
export function reviewCredential(identifiers = REVIEW_IDENTIFIERS, key = "void"): ApiKeyCredential {
  return { type: "api-key", key, options: { accounts: identifiers.join(", ") } };
}

/**
 * The contract fixture's credential: the contract test's redaction check needs a key of 6+
 * characters to look for, and the scraper never sends the key, so a longer stand-in for "void".
 */
export const reviewContractCredential = (identifiers: string[]) => reviewCredential(identifiers, "void-never-sent");

export const REVIEW_UNAUTHORIZED: FakeReply = { status: 401, headers: { "content-type": "text/html" }, body: "<html><body>Unauthorized</body></html>" };

function page(identifier: string, reviews: FakeReview[], n: number, req: RecordedRequest): FakeReply {
  const slice = reviews.slice((n - 1) * REVIEW_PAGE_SIZE, n * REVIEW_PAGE_SIZE);
  const ld = {
    "@context": "https://schema.org",
    "@graph": [
      { "@type": "LocalBusiness", name: identifier, aggregateRating: { "@type": "AggregateRating", ratingValue: String(averageOf(reviews)), reviewCount: reviews.length } },
      ...slice.map((r) => ({ "@type": "Review", "@id": r.id, author: { "@type": "Person", name: r.author }, datePublished: `${r.date}T10:00:00Z`, headline: r.title, reviewBody: r.body, reviewRating: { "@type": "Rating", ratingValue: r.rating } })),
    ],
  };
  const query = new URLSearchParams(req.query);
  query.set("page", String(n + 1));
  const next = n * REVIEW_PAGE_SIZE < reviews.length ? `<link rel="next" href="${req.path}?${query.toString().replace(/&/g, "&amp;")}">` : "";
  const html = `<!doctype html><html><head><title>${identifier}</title>${next}<script type="application/ld+json">${JSON.stringify(ld)}</script></head><body><h1>${identifier}</h1></body></html>`;
  return { status: 200, headers: { "content-type": "text/html; charset=utf-8" }, body: html };
}

/**
 * Starts a review site fake. `identifierOf` reads the identifier back from a request to the
 * review page route `pattern` (undefined: not a review page, answered 404).
 */
export async function startReviewSiteFake(pattern: string | RegExp, identifierOf: (req: RecordedRequest) => string | undefined, identifiers = REVIEW_IDENTIFIERS): Promise<ReviewSiteFake> {
  const server: FakeServer = await startFakeServer();
  const reviews = new Map(identifiers.map((id) => [id, fakeReviews(id)]));
  const robots = { text: "User-agent: *\nDisallow: /private/\n\nUser-agent: GPTBot\nDisallow: /\n" };
  server.route("GET", "/robots.txt", () => ({ status: 200, headers: { "content-type": "text/plain" }, body: robots.text }));
  server.route("GET", pattern, (req) => {
    const id = identifierOf(req);
    const list = id === undefined ? undefined : reviews.get(id);
    if (!list) return { status: 404, headers: { "content-type": "text/html" }, body: "<html>Not found</html>" };
    return page(id!, list, Number(req.query.get("page") ?? "1"), req);
  });
  return { server, baseUrl: server.url, credential: reviewCredential(identifiers), reviews, robots, close: () => server.close() };
}

export { replies };

import { describe, expect, it } from "vitest";
import { identifiersOf, parseReviewPage, robotsAllows } from "./review-sites.js";

describe("review-site scraping", () => {
  it("applies robots.txt rules of its own group before *, longest match first", () => {
    const robots = "User-agent: *\nDisallow: /\n\nUser-agent: SignalpostBot\nUser-agent: OtherBot\nDisallow: /private/\nAllow: /private/reviews\nDisallow: /*.json$\n";
    expect(robotsAllows(robots, "/review/example.com")).toBe(true);
    expect(robotsAllows(robots, "/private/x")).toBe(false);
    expect(robotsAllows(robots, "/private/reviews/1")).toBe(true);
    expect(robotsAllows(robots, "/data.json")).toBe(false);
    expect(robotsAllows("User-agent: *\nDisallow: /biz/\n", "/biz/x")).toBe(false);
    expect(robotsAllows("", "/anything")).toBe(true);
  });

  it("reads AggregateRating and Review items from several JSON-LD blocks, skipping broken ones", () => {
    const html = `<link rel="next" href="/p?page=2&amp;x=1">
      <script type="application/ld+json">{broken</script>
      <script type="application/ld+json">{"@type":"Product","aggregateRating":{"@type":"AggregateRating","ratingValue":"4,5","ratingCount":"12"},
        "review":[{"@type":"Review","author":"Ann","datePublished":"2026-01-02","reviewRating":{"ratingValue":5},"name":"Great","reviewBody":"Loved it"},
                  {"@type":"Review","author":{"@type":"Person","name":"Bob"},"datePublished":"2026-01-01","description":"Meh","url":"https://x/r/2"},
                  {"@type":"Review","author":"NoDate"}]}</script>`;
    const page = parseReviewPage(html);
    expect(page.ratingValue).toBe(4.5);
    expect(page.reviewCount).toBe(12);
    expect(page.next).toBe("/p?page=2&x=1");
    expect(page.reviews).toEqual([
      { id: expect.stringMatching(/^[0-9a-f]{16}$/), date: "2026-01-02", author: "Ann", rating: 5, title: "Great", body: "Loved it" },
      { id: "https://x/r/2", date: "2026-01-01", author: "Bob", rating: null, title: null, body: "Meh" },
    ]);
  });

  it("splits the form's comma-separated identifiers", () => {
    expect(identifiersOf({ type: "api-key", key: "void", options: { accounts: " a.com, b.com,,a.com " } })).toEqual(["a.com", "b.com"]);
    expect(identifiersOf({ type: "api-key", key: "void", options: { accounts: ["x", "y, z"] } })).toEqual(["x", "y", "z"]);
  });
});

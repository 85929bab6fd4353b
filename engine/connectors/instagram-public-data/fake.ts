// A local Graph API for Instagram business discovery: /{own-ig-id}?fields=business_discovery.
// username(<name>){...} with the target's public counters and media (media.after(cursor).limit(n)),
// Graph's code 110/2207013 for accounts that cannot be discovered. The credential carries the
// form's usernames in options.accounts.
import { DateTime } from "luxon";
import type { Credential } from "../../core/types.js";
import { graphError, metricValue, startMetaFake, type MetaFake } from "../../../tests/fakes/support/meta-graph.js";

export const OWN_IG = { id: "17841400000009999", username: "signal.own", name: "Signal Own" };
export const TARGETS = [
  { id: "17841400000007001", username: "rival.bakery", name: "Rival Bakery" },
  { id: "17841400000007002", username: "rival.books", name: "Rival Books" },
];
export const IG_FORM_ACCOUNTS = ["rival.bakery", "@rival.books", "private.person"];
export const IG_PUBLIC_CREDENTIAL = { type: "oauth2", accessToken: "EAAGigpublic-user-token-0123456789", options: { accounts: IG_FORM_ACCOUNTS } } as Credential;

export const profileOf = (t: (typeof TARGETS)[number]) => ({ followers_count: metricValue(t.id, "followers", "now", 200_000), follows_count: metricValue(t.id, "follows", "now", 900), media_count: 130 });

/** 130 media of the first target, one every 9 hours back from 2025-03-10T20:00Z, newest first. */
export function discoveredMedia(username: string) {
  return Array.from({ length: username === TARGETS[0].username ? 130 : 0 }, (_, n) => {
    const id = `1791000000${String(n).padStart(4, "0")}`;
    return {
      id,
      timestamp: DateTime.fromISO("2025-03-10T20:00:00Z").minus({ hours: 9 * n }).toUTC().toFormat("yyyy-MM-dd'T'HH:mm:ss'+0000'"),
      caption: `Crumbs #${n}`,
      media_type: n % 3 ? "IMAGE" : "VIDEO",
      media_product_type: n % 3 ? "FEED" : "REELS",
      permalink: `https://www.instagram.com/p/RIVAL${n}/`,
      like_count: metricValue(id, "likes", "life", 2_000),
      comments_count: metricValue(id, "comments", "life", 80),
    };
  });
}

export async function startInstagramPublicDataFake(): Promise<MetaFake> {
  const fake = await startMetaFake({ name: "igpublic", pages: [{ id: "3001", name: "Signal Own Page", token: "EAAGpage-3001-token-0123456789", instagram: OWN_IG }] });
  fake.credential = IG_PUBLIC_CREDENTIAL;
  fake.route("GET", `/${OWN_IG.id}`, (req) => {
    const m = /^business_discovery\.username\(([^)]+)\)\{(.*)\}$/.exec(req.query.get("fields") ?? "");
    if (!m) return graphError(400, 100, "(#100) Tried accessing nonexisting field");
    const target = TARGETS.find((t) => t.username === m[1]);
    if (!target) return graphError(400, 110, "Invalid user id", { error_subcode: 2207013, error_user_title: "Cannot find User", error_user_msg: "The user with username: " + m[1] + " cannot be found." });
    const out: Record<string, unknown> = { id: target.id, username: target.username, name: target.name, ...profileOf(target) };
    const edge = /media(?:\.after\(([^)]+)\))?\.limit\((\d+)\)/.exec(m[2]);
    if (edge) {
      const start = edge[1] ? Number(Buffer.from(edge[1], "base64").toString()) : 0;
      const limit = Number(edge[2]);
      const all = discoveredMedia(target.username);
      const data = all.slice(start, start + limit);
      const after = Buffer.from(String(start + limit)).toString("base64");
      out.media = { data, paging: { cursors: { before: "MA==", after } } };
    }
    return { json: { business_discovery: out, id: OWN_IG.id } };
  });
  return fake;
}

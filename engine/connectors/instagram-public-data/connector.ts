// Public data of other Instagram professional accounts through business discovery: the connected
// user's own Instagram professional account (linked to a page they manage) asks
// /{own-ig-id}?fields=business_discovery.username(<name>){...} for another account's public
// counters and media (like_count, comments_count), paging media with media.after(<cursor>).
// https://developers.facebook.com/docs/instagram-platform/instagram-graph-api/reference/ig-user/business_discovery
// The usernames typed in the form are the accounts; without a list, the user's own accounts are read.
import { z } from "zod";
import { ConnectorError } from "../../core/errors.js";
import { dimension as dim, metric } from "../../core/field-defs.js";
import { paginate } from "../../core/paginate.js";
import type { Account, Connector, ConnectorContext, DateRange } from "../../core/types.js";
import { INSIGHTS_ZONE, managedPages } from "../shared/meta-graph.js";
import { ensureLongLivedToken } from "../facebook-ads/auth.js";
import { formAccounts, metaSocialBase } from "../shared/meta-social.js";
import { rangeBounds, recordsConnector, stamp } from "../shared/records.js";

const PLATFORM = "instagram-public-data";
const PROFILE = "id,username,name,followers_count,follows_count,media_count";
const MEDIA = "id,timestamp,caption,media_type,media_product_type,permalink,like_count,comments_count";
const PAGE_SIZE = 50;

const media = z.object({ id: z.string(), timestamp: z.string(), caption: z.string().optional(), media_type: z.string().optional(), media_product_type: z.string().optional(), permalink: z.string().optional(), like_count: z.number().optional(), comments_count: z.number().optional() });
type Media = z.infer<typeof media>;
const discovery = z.object({
  business_discovery: z.object({
    id: z.string(),
    username: z.string().optional(),
    name: z.string().optional(),
    followers_count: z.number().optional(),
    follows_count: z.number().optional(),
    media_count: z.number().optional(),
    media: z.object({ data: z.array(media).default([]), paging: z.object({ cursors: z.object({ after: z.string().optional() }).optional(), next: z.string().optional() }).optional() }).optional(),
  }),
});
type Profile = z.infer<typeof discovery>["business_discovery"];

/** The user's own Instagram professional account, through which discovery calls are made. */
async function ownAccount(ctx: ConnectorContext): Promise<string> {
  const own = (await managedPages(ctx, PLATFORM)).find((p) => p.instagram_business_account)?.instagram_business_account;
  if (!own) throw new ConnectorError({ kind: "config", platform: PLATFORM, message: "Business discovery needs an Instagram professional account linked to a Facebook page the connected user manages. Link one, then reconnect." });
  return own.id;
}

async function discover(ctx: ConnectorContext, username: string, fields: string): Promise<Profile> {
  const own = await ownAccount(ctx);
  const body = await ctx.http.json({ url: `/${own}`, query: { fields: `business_discovery.username(${username}){${fields}}` }, account: username }, discovery);
  return body.business_discovery;
}

function mediaPages(ctx: ConnectorContext, account: Account, range: DateRange) {
  const { from } = rangeBounds(range, INSIGHTS_ZONE);
  return paginate<Media, string>(
    async (after) => {
      const edge = `media${after ? `.after(${after})` : ""}.limit(${PAGE_SIZE}){${MEDIA}}`;
      const page = (await discover(ctx, account.id, edge)).media;
      const items = page?.data ?? [];
      // Media run newest first: stop at a page reaching past the range start.
      const older = items.some((m) => Date.parse(m.timestamp.replace(/\+0000$/, "Z")) < from.toMillis());
      return { items, next: !older && items.length === PAGE_SIZE ? page?.paging?.cursors?.after : undefined };
    },
    { platform: PLATFORM },
  );
}

export const instagramPublicDataConnector: Connector = recordsConnector({
  id: PLATFORM,
  ...metaSocialBase(["instagram_basic", "pages_show_list", "pages_read_engagement", "business_management"], {
    platform: PLATFORM,
    source: "Instagram Public Data",
    permission: "the instagram_basic permission and an Instagram professional account linked to a page they manage",
    limitScope: "this Instagram account",
  }),
  // Likes and comments of recent media keep growing for about a week.
  restatementDays: 7,
  async listAccounts(ctx) {
    await ensureLongLivedToken(ctx);
    const names = formAccounts(ctx);
    const usernames = names.length > 0 ? names : (await managedPages(ctx, PLATFORM)).flatMap((p) => (p.instagram_business_account?.username ? [p.instagram_business_account.username] : []));
    return Promise.all(
      usernames.map(async (username) => {
        try {
          const p = await discover(ctx, username, PROFILE);
          return { id: p.username ?? username, name: `@${p.username ?? username}`, timezone: INSIGHTS_ZONE, currency: "USD", status: "active" };
        } catch (error) {
          // Personal accounts and unknown names answer code 110 (subcode 2207013): not discoverable.
          if (error instanceof ConnectorError && error.kind === "system") return { id: username, name: `@${username} (not a public professional account)`, timezone: INSIGHTS_ZONE, currency: "USD", status: "disabled" };
          throw error;
        }
      }),
    );
  },
  reportHelp: "The accounts' public counters now, or their media published in the range.",
  reports: [
    {
      id: "profile",
      name: "Profile",
      description: "Followers, follows and media count as they are now (a snapshot, no date).",
      fields: [
        dim("username", "Username", "TEXT", "The Instagram username."),
        dim("name", "Name", "TEXT", "The account's display name."),
        metric("followers", "Followers", "NUMBER", "MAX", "Followers now."),
        metric("follows", "Follows", "NUMBER", "MAX", "Accounts followed now."),
        metric("media_count", "Media count", "NUMBER", "MAX", "Media published."),
      ],
      async *fetch(ctx, account) {
        yield [await discover(ctx, account.id, PROFILE)];
      },
      record: (p: Profile) => ({ username: p.username ?? null, name: p.name ?? null, followers: p.followers_count ?? 0, follows: p.follows_count ?? 0, media_count: p.media_count ?? 0 }),
    },
    {
      id: "media",
      name: "Media",
      description: "Public media published in the range with their likes and comments.",
      fields: [
        dim("date", "Date", "YEAR_MONTH_DAY", "The day the media was published, in Pacific time."),
        dim("username", "Username", "TEXT", "The Instagram username."),
        dim("media_id", "Media ID", "TEXT", "The media id."),
        dim("media_type", "Media type", "TEXT", "IMAGE, VIDEO or CAROUSEL_ALBUM."),
        dim("media_product_type", "Surface", "TEXT", "FEED or REELS."),
        dim("permalink", "Permalink", "URL", "The media's URL."),
        metric("media", "Media", "NUMBER", "COUNT_DISTINCT", "Media published."),
        metric("likes", "Likes", "NUMBER", "SUM", "Likes (hidden counts read as 0)."),
        metric("comments", "Comments", "NUMBER", "SUM", "Comments."),
      ],
      fetch: mediaPages,
      record: (m: Media, account) => ({ date: stamp(m.timestamp, INSIGHTS_ZONE).date, username: account.id, media_id: m.id, media_type: m.media_type ?? null, media_product_type: m.media_product_type ?? null, permalink: m.permalink ?? null, media: m.id, likes: m.like_count ?? 0, comments: m.comments_count ?? 0 }),
    },
  ],
});

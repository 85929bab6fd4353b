// Instagram account and media insights (Instagram API with Facebook Login, Graph v26.0), after the
// 2025 move from impressions to views:
// https://developers.facebook.com/docs/instagram-platform/api-reference/instagram-user/insights
// https://developers.facebook.com/docs/instagram-platform/reference/instagram-media/insights
import { dimension as dim, metric } from "../../core/field-defs.js";
import type { FieldDef } from "../../core/types.js";

/** Our id -> the account metric, read with metric_type=total_value one day at a time. */
export const ACCOUNT_METRICS: Record<string, string> = {
  views: "views",
  reach: "reach",
  accounts_engaged: "accounts_engaged",
  total_interactions: "total_interactions",
  likes: "likes",
  comments: "comments",
  shares: "shares",
  saves: "saves",
  profile_links_taps: "profile_links_taps",
};

const account = (id: string, name: string, description: string, aggregation: FieldDef["aggregation"] = "SUM") => metric(id, name, "NUMBER", aggregation, description);

export const ACCOUNT_FIELDS: FieldDef[] = [
  dim("date", "Date", "YEAR_MONTH_DAY", "The day, in Pacific time (Instagram insights days)."),
  dim("account_id", "Instagram account ID", "TEXT", "The Instagram professional account id."),
  dim("username", "Username", "TEXT", "The account's @username."),
  account("views", "Views", "Times the account's content was played or displayed."),
  account("reach", "Reach", "Accounts that saw the content that day; not additive across days."),
  account("accounts_engaged", "Accounts engaged", "Accounts that interacted with the content that day."),
  account("total_interactions", "Interactions", "Likes, saves, comments, shares and replies."),
  account("likes", "Likes", "Likes on posts, reels and videos."),
  account("comments", "Comments", "Comments on posts, reels and videos."),
  account("shares", "Shares", "Shares of posts, reels and videos."),
  account("saves", "Saves", "Saves of posts, reels and videos."),
  account("profile_links_taps", "Profile link taps", "Taps on the profile's contact and link buttons."),
];

/** Our id -> the media insights metric (lifetime). */
export const MEDIA_METRICS: Record<string, string> = {
  media_views: "views",
  media_reach: "reach",
  media_saves: "saved",
  media_shares: "shares",
  media_interactions: "total_interactions",
};

export const MEDIA_FIELDS: FieldDef[] = [
  dim("date", "Date", "YEAR_MONTH_DAY", "The day the media was published, in Pacific time."),
  dim("account_id", "Instagram account ID", "TEXT", "The Instagram professional account id."),
  dim("username", "Username", "TEXT", "The account's @username."),
  dim("media_id", "Media ID", "TEXT", "The media id."),
  dim("media_type", "Media type", "TEXT", "IMAGE, VIDEO or CAROUSEL_ALBUM."),
  dim("media_product_type", "Surface", "TEXT", "FEED, REELS or STORY."),
  dim("caption", "Caption", "TEXT", "The caption, cut at 200 characters."),
  dim("permalink", "Permalink", "URL", "The media's URL."),
  metric("media", "Media", "NUMBER", "COUNT_DISTINCT", "Media published."),
  metric("like_count", "Likes", "NUMBER", "SUM", "Likes (like_count)."),
  metric("comments_count", "Comments", "NUMBER", "SUM", "Comments (comments_count)."),
  metric("media_views", "Media views", "NUMBER", "SUM", "Lifetime views."),
  metric("media_reach", "Media reach", "NUMBER", "SUM", "Lifetime unique accounts reached."),
  metric("media_saves", "Media saves", "NUMBER", "SUM", "Lifetime saves."),
  metric("media_shares", "Media shares", "NUMBER", "SUM", "Lifetime shares."),
  metric("media_interactions", "Media interactions", "NUMBER", "SUM", "Lifetime likes, saves, comments and shares."),
];

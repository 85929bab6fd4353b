// Page and post insights we expose, after Meta's 2025 deprecations (impressions -> media views,
// page fans -> follows): https://developers.facebook.com/docs/platforminsights/page/deprecated-metrics
// Page metrics: https://developers.facebook.com/docs/graph-api/reference/insights#page-metrics
import { dimension as dim, metric } from "../../core/field-defs.js";
import type { FieldDef } from "../../core/types.js";

/** Our field id -> the Page insights metric (period=day). */
export const PAGE_METRICS: Record<string, string> = {
  views: "page_media_view",
  unique_views: "page_total_media_view_unique",
  followers: "page_follows",
  new_follows: "page_daily_follows_unique",
  unfollows: "page_daily_unfollows_unique",
  post_engagements: "page_post_engagements",
  video_views: "page_video_views",
  page_visits: "page_views_total",
};

export const PAGE_FIELDS: FieldDef[] = [
  dim("date", "Date", "YEAR_MONTH_DAY", "The day, in Pacific time (Page insights days)."),
  dim("page_id", "Page ID", "TEXT", "The Facebook page id."),
  dim("page_name", "Page name", "TEXT", "The page name."),
  metric("views", "Views", "NUMBER", "SUM", "Times the page's content was played or displayed (page_media_view)."),
  metric("unique_views", "Viewers", "NUMBER", "SUM", "People who saw the page's content (page_total_media_view_unique); not additive across days."),
  metric("followers", "Followers", "NUMBER", "MAX", "Followers at the end of the day (page_follows)."),
  metric("new_follows", "New follows", "NUMBER", "SUM", "People who followed the page that day."),
  metric("unfollows", "Unfollows", "NUMBER", "SUM", "People who unfollowed the page that day."),
  metric("post_engagements", "Post engagements", "NUMBER", "SUM", "Reactions, comments, shares and clicks on the page's posts."),
  metric("video_views", "Video views", "NUMBER", "SUM", "Video plays of 3 seconds or more."),
  metric("page_visits", "Page visits", "NUMBER", "SUM", "Views of the page's profile (page_views_total)."),
];

/** Our field id -> the post insights metric (lifetime). */
export const POST_METRICS: Record<string, string> = {
  post_views: "post_media_view",
  post_viewers: "post_total_media_view_unique",
  post_clicks: "post_clicks",
  reactions: "post_reactions_by_type_total",
};

export const POST_FIELDS: FieldDef[] = [
  dim("date", "Date", "YEAR_MONTH_DAY", "The day the post was published, in Pacific time."),
  dim("page_id", "Page ID", "TEXT", "The Facebook page id."),
  dim("page_name", "Page name", "TEXT", "The page name."),
  dim("post_id", "Post ID", "TEXT", "The post id ({page}_{post})."),
  dim("post_message", "Message", "TEXT", "The post text, cut at 200 characters."),
  dim("post_type", "Type", "TEXT", "added_photos, added_video, shared_story, mobile_status_update..."),
  dim("permalink", "Permalink", "URL", "The post's URL."),
  metric("posts", "Posts", "NUMBER", "COUNT_DISTINCT", "Posts published."),
  metric("post_views", "Post views", "NUMBER", "SUM", "Lifetime views of the post (post_media_view)."),
  metric("post_viewers", "Post viewers", "NUMBER", "SUM", "Lifetime unique viewers of the post."),
  metric("post_clicks", "Post clicks", "NUMBER", "SUM", "Lifetime clicks on the post."),
  metric("reactions", "Reactions", "NUMBER", "SUM", "Lifetime reactions of every type."),
];

// YouTube Analytics dimensions and metrics
// (https://developers.google.com/youtube/analytics/dimensions, .../metrics). Averages and
// percentages are recomputed by the API for each row; summed across rows they mean nothing, hence AVG.
import { dimension, metric } from "../../core/field-defs.js";
import type { ApiField } from "../shared/google-reporting.js";

const m = (id: string, api: string, name: string, aggregation: "SUM" | "AVG", description: string, fieldType: "NUMBER" | "PERCENT" | "DURATION" = "NUMBER"): ApiField => ({ def: metric(id, name, fieldType, aggregation, description), api });

const METRICS: ApiField[] = [
  m("views", "views", "Views", "SUM", "Times the channel's videos were viewed."),
  m("estimated_minutes_watched", "estimatedMinutesWatched", "Watch time (minutes)", "SUM", "Minutes users watched the channel's videos."),
  m("average_view_duration", "averageViewDuration", "Average view duration", "AVG", "Average length of a playback, in seconds.", "DURATION"),
  m("likes", "likes", "Likes", "SUM", "Times users liked a video."),
  m("comments", "comments", "Comments", "SUM", "Times users commented on a video."),
  m("shares", "shares", "Shares", "SUM", "Times users shared a video."),
  m("subscribers_gained", "subscribersGained", "Subscribers gained", "SUM", "Users who subscribed to the channel."),
  m("subscribers_lost", "subscribersLost", "Subscribers lost", "SUM", "Users who unsubscribed from the channel."),
];

export const CHANNEL_FIELDS: ApiField[] = [
  { def: dimension("date", "Date", "YEAR_MONTH_DAY", "Day in Pacific Time (YouTube Analytics' reporting day)."), api: "day" },
  { def: dimension("channel_id", "Channel ID", "TEXT", "The YouTube channel the row comes from."), api: "" },
  { def: dimension("country", "Country", "COUNTRY_CODE", "ISO 3166-1 alpha-2 country of the viewers."), api: "country" },
  ...METRICS,
];

/** The top-videos report: dimension video only, sorted by views, at most 200 rows (API rule). */
export const VIDEO_FIELDS: ApiField[] = [
  { def: dimension("channel_id", "Channel ID", "TEXT", "The YouTube channel the row comes from."), api: "" },
  { def: dimension("video_id", "Video ID", "TEXT", "The video's id (youtube.com/watch?v=...)."), api: "video" },
  ...METRICS,
];

export const YOUTUBE_REPORTS = [
  { id: "channel", name: "Channel", description: "Channel metrics by day and country." },
  { id: "videos", name: "Top videos", description: "The 200 most viewed videos of the range with their metrics." },
];

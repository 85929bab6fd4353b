// The Community Management API statistics we expose, one report per finder, each element a UTC day:
// https://learn.microsoft.com/en-us/linkedin/marketing/community-management/organizations/follower-statistics
// https://learn.microsoft.com/en-us/linkedin/marketing/community-management/organizations/page-statistics
// https://learn.microsoft.com/en-us/linkedin/marketing/community-management/organizations/share-statistics
import { dimension as dim, metric } from "../../core/field-defs.js";
import type { FieldDef } from "../../core/types.js";

export interface StatsReport {
  id: string;
  name: string;
  description: string;
  /** The finder resource and the name of its entity parameter. */
  resource: string;
  entityParam: string;
  /** Our metric id -> dotted path in an element. */
  paths: Record<string, string>;
}

const sum = (id: string, name: string, description: string): FieldDef => metric(id, name, "NUMBER", "SUM", description);

export const COMMON_FIELDS: FieldDef[] = [
  dim("date", "Date", "YEAR_MONTH_DAY", "The day, in UTC (LinkedIn's statistics days)."),
  dim("organization_id", "Organization ID", "TEXT", "The LinkedIn organization (page) id."),
  dim("organization_name", "Organization", "TEXT", "The page name."),
];

export const STATS_REPORTS: (StatsReport & { fields: FieldDef[] })[] = [
  {
    id: "shares",
    name: "Post statistics",
    description: "Impressions, clicks and engagement of the page's posts per day.",
    resource: "/organizationalEntityShareStatistics",
    entityParam: "organizationalEntity",
    paths: {
      impressions: "totalShareStatistics.impressionCount",
      unique_impressions: "totalShareStatistics.uniqueImpressionsCount",
      clicks: "totalShareStatistics.clickCount",
      likes: "totalShareStatistics.likeCount",
      comments: "totalShareStatistics.commentCount",
      shares: "totalShareStatistics.shareCount",
    },
    fields: [
      sum("impressions", "Impressions", "Times the page's posts were shown."),
      sum("unique_impressions", "Unique impressions", "Members who saw the posts that day; not additive across days."),
      sum("clicks", "Clicks", "Clicks on the posts, the page name or logo."),
      sum("likes", "Reactions", "Reactions on the posts."),
      sum("comments", "Comments", "Comments on the posts."),
      sum("shares", "Reposts", "Reposts of the posts."),
      metric("engagement_rate", "Engagement rate", "PERCENT", "AVG", "(clicks + reactions + comments + reposts) / impressions."),
    ],
  },
  {
    id: "followers",
    name: "Follower gains",
    description: "New followers per day, organic and from sponsored content.",
    resource: "/organizationalEntityFollowerStatistics",
    entityParam: "organizationalEntity",
    paths: { organic_follower_gain: "followerGains.organicFollowerGain", paid_follower_gain: "followerGains.paidFollowerGain" },
    fields: [sum("organic_follower_gain", "Organic follower gain", "New followers not from ads."), sum("paid_follower_gain", "Paid follower gain", "New followers from sponsored content."), sum("follower_gain", "Follower gain", "Organic plus paid.")],
  },
  {
    id: "page_views",
    name: "Page views",
    description: "Views of the page's tabs per day, desktop and mobile.",
    resource: "/organizationPageStatistics",
    entityParam: "organization",
    paths: {
      page_views: "totalPageStatistics.views.allPageViews.pageViews",
      desktop_page_views: "totalPageStatistics.views.allDesktopPageViews.pageViews",
      mobile_page_views: "totalPageStatistics.views.allMobilePageViews.pageViews",
      careers_page_views: "totalPageStatistics.views.careersPageViews.pageViews",
    },
    fields: [
      sum("page_views", "Page views", "Views of every tab of the page."),
      sum("desktop_page_views", "Desktop page views", "Views from desktop browsers."),
      sum("mobile_page_views", "Mobile page views", "Views from the mobile apps and browsers."),
      sum("careers_page_views", "Careers page views", "Views of the Careers tab."),
    ],
  },
];

// LinkedIn ad analytics metrics and pivots, transcribed from the Marketing API's "Ads Reporting"
// schema, "Metrics Available" (https://learn.microsoft.com/en-us/linkedin/marketing/integrations/ads-reporting/ads-reporting-schema?view=li-lms-2026-03)
// and the analytics finders' pivots (.../ads-reporting#analytics-finder), as read in November 2026.
// LinkedIn publishes no machine-readable list of these fields (its official API clients take them
// as strings), so this table is the catalogue (decision 0907).
import { transcribedColumns, type ColumnSpec } from "../shared/column-catalogue.js";

export const LINKEDIN_DOCS = { url: "https://learn.microsoft.com/en-us/linkedin/marketing/integrations/ads-reporting/ads-reporting-schema?view=li-lms-2026-03", version: "202607", read: "2026-11" } as const;

/** Engagement kinds reported for the paid impression and again as "viral" (earned after a share). */
const PAIRED: [string, string, string][] = [
  ["clicks", "Engagement", "Clicks on the ad."],
  ["impressions", "Delivery", "Times the ad was shown."],
  ["likes", "Engagement", "Likes of the sponsored content."],
  ["comments", "Engagement", "Comments on the sponsored content."],
  ["commentLikes", "Engagement", "Likes of comments on the sponsored content."],
  ["shares", "Engagement", "Shares of the sponsored content."],
  ["follows", "Engagement", "Follows of the company from the ad."],
  ["reactions", "Engagement", "Reactions to the sponsored content."],
  ["otherEngagements", "Engagement", "Other clicks (expanding text, opening the company page, ...)."],
  ["totalEngagements", "Engagement", "Clicks, reactions, comments, shares and follows."],
  ["companyPageClicks", "Engagement", "Clicks to the company page."],
  ["landingPageClicks", "Engagement", "Clicks to the ad's landing page."],
  ["cardClicks", "Engagement", "Clicks on the cards of a carousel ad (non-demographic pivots only)."],
  ["cardImpressions", "Delivery", "Impressions of the cards of a carousel ad (non-demographic pivots only)."],
  ["fullScreenPlays", "Video", "Plays in full screen."],
  ["videoStarts", "Video", "Video plays started."],
  ["videoViews", "Video", "Video views of at least 2 seconds with 50% on screen."],
  ["videoFirstQuartileCompletions", "Video", "Plays reaching 25% of the video."],
  ["videoMidpointCompletions", "Video", "Plays reaching 50% of the video."],
  ["videoThirdQuartileCompletions", "Video", "Plays reaching 75% of the video."],
  ["videoCompletions", "Video", "Plays to the end of the video."],
  ["documentFirstQuartileCompletions", "Document", "Reads reaching 25% of the document."],
  ["documentMidpointCompletions", "Document", "Reads reaching 50% of the document."],
  ["documentThirdQuartileCompletions", "Document", "Reads reaching 75% of the document."],
  ["documentCompletions", "Document", "Reads to the end of the document."],
  ["downloadClicks", "Document", "Downloads of the document."],
  ["externalWebsiteConversions", "Conversions", "Website conversions, post-click and view-through."],
  ["externalWebsitePostClickConversions", "Conversions", "Website conversions after a click."],
  ["externalWebsitePostViewConversions", "Conversions", "Website conversions after a view."],
  ["oneClickLeads", "Leads", "Lead Gen Form submissions."],
  ["oneClickLeadFormOpens", "Leads", "Lead Gen Form opens."],
  ["jobApplications", "Talent", "Job applications."],
  ["jobApplyClicks", "Talent", "Clicks on Apply of a job."],
  ["postClickJobApplications", "Talent", "Job applications after a click."],
  ["postClickJobApplyClicks", "Talent", "Apply clicks after a click."],
  ["postViewJobApplications", "Talent", "Job applications after a view."],
  ["postViewJobApplyClicks", "Talent", "Apply clicks after a view."],
  ["registrations", "Events", "Event registrations."],
  ["postClickRegistrations", "Events", "Event registrations after a click."],
  ["postViewRegistrations", "Events", "Event registrations after a view."],
  ["subscriptionClicks", "Engagement", "Clicks on Subscribe of a newsletter."],
];

/** Ids the catalogue had before this table, kept so saved jobs and alerts still find them. */
const LEGACY: Record<string, [id: string, name: string]> = {
  externalWebsiteConversions: ["conversions", "Conversions"],
  oneClickLeads: ["leads", "Leads"],
  videoViews: ["video_views", "Video views"],
  totalEngagements: ["engagements", "Engagements"],
};

const viral = (name: string) => `viral${name.charAt(0).toUpperCase()}${name.slice(1)}`;

const SPECS: ColumnSpec[] = [
  ...PAIRED.map(([name, category, description]): ColumnSpec => [name, "n", category, description, ...(LEGACY[name] ?? [])]),
  ...PAIRED.map(([name, category, description]): ColumnSpec => [viral(name), "n", `${category} (earned)`, `${description.replace(/\.$/, "")}, earned from shares of the ad (viral).`]),
  ["costInLocalCurrency", "m", "Cost", "Spend in the account's currency (costInLocalCurrency).", "cost", "Cost"],
  ["costInUsd", "m", "Cost", "Spend converted to US dollars by LinkedIn.", "cost_usd", "Cost (USD)"],
  ["conversionValueInLocalCurrency", "m", "Conversions", "Value of the website conversions in the account's currency.", "conversion_value", "Conversion value"],
  ["approximateMemberReach", "u", "Delivery", "Estimated unique members with at least one impression (ranges up to 92 days; non-demographic pivots only)."],
  ["audiencePenetration", "p", "Delivery", "Members reached divided by the target audience size (ranges up to 92 days)."],
  ["averageDwellTime", "a", "Delivery", "Average seconds with more than half of the ad on screen."],
  ["actionClicks", "n", "Sponsored Messaging", "Clicks on the action button of a message ad."],
  ["adUnitClicks", "n", "Sponsored Messaging", "Clicks on the ad unit beside a message ad."],
  ["sends", "n", "Sponsored Messaging", "Messages sent."],
  ["opens", "n", "Sponsored Messaging", "Messages opened."],
  ["textUrlClicks", "n", "Sponsored Messaging", "Clicks on links in the message text."],
  ["leadGenerationMailContactInfoShares", "n", "Sponsored Messaging", "Contact details shared from a message ad."],
  ["leadGenerationMailInterestedClicks", "n", "Sponsored Messaging", "Clicks on I'm interested in a message ad."],
  ["headlineClicks", "n", "Conversation ads", "Clicks on the headline of a conversation ad."],
  ["headlineImpressions", "n", "Conversation ads", "Impressions of the headline of a conversation ad."],
  ["talentLeads", "n", "Talent", "Candidates who showed interest (Talent leads)."],
  ["qualifiedLeads", "n", "Leads", "Leads marked qualified in the CRM sync."],
  ["validWorkEmailLeads", "n", "Leads", "Leads with a valid work e-mail."],
  ["costPerQualifiedLead", "mu", "Leads", "Spend divided by qualified leads."],
  ["leadFormCompletions", "n", "Leads", "Lead Gen Form completions."],
];

export const LINKEDIN_COLUMNS = transcribedColumns(SPECS, "linkedin");

/** The breakdowns (extra pivots of the statistics finder) offered as dimensions. */
export const LINKEDIN_BREAKDOWNS: readonly (readonly [pivot: string, name: string, description: string])[] = [
  ["MEMBER_COMPANY_SIZE", "Member company size", "Size of the members' company (URN)."],
  ["MEMBER_INDUSTRY", "Member industry", "Industry of the members (URN)."],
  ["MEMBER_SENIORITY", "Member seniority", "Seniority of the members (URN)."],
  ["MEMBER_JOB_TITLE", "Member job title", "Job title of the members (URN)."],
  ["MEMBER_JOB_FUNCTION", "Member job function", "Job function of the members (URN)."],
  ["MEMBER_COUNTRY_V2", "Member country", "Country of the members (URN)."],
  ["MEMBER_REGION_V2", "Member region", "Region of the members (URN)."],
  ["MEMBER_COMPANY", "Member company", "Company of the members (URN)."],
  ["MEMBER_COUNTY", "Member county", "US county of the members (URN)."],
  ["IMPRESSION_DEVICE_TYPE", "Device type", "Device the ad was shown on."],
  ["PLACEMENT_NAME", "Placement", "Where the ad was shown (LinkedIn, Audience Network)."],
  ["CONVERSION", "Conversion", "The conversion rule (URN)."],
  ["SERVING_LOCATION", "Serving location", "On or off LinkedIn."],
  ["CARD_INDEX", "Carousel card", "Position of the card in a carousel ad."],
  ["COMPANY", "Advertiser company", "The advertiser's company page (URN)."],
];

/** Metrics LinkedIn computes for non-demographic pivots only ("Non-demographic pivots only (i.e. not MEMBER_)"). */
export const NOT_WITH_DEMOGRAPHICS = ["approximateMemberReach", "cardClicks", "cardImpressions", "viralCardClicks", "viralCardImpressions"];

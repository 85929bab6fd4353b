// Mailchimp Marketing API reports as our reports: campaign reports (GET /3.0/reports, one per sent
// campaign) and an audience's daily activity (GET /3.0/lists/{id}/activity).
// https://mailchimp.com/developer/marketing/api/reports/
import { dimension, metric } from "../../core/field-defs.js";
import type { FieldDef, ReportDef } from "../../core/types.js";

export const REPORTS: ReportDef[] = [
  { id: "campaigns", name: "Campaigns", description: "Sends, opens, clicks, bounces and e-commerce results of each campaign sent to the audience, on its send day." },
  { id: "audience_activity", name: "Audience activity", description: "The audience's daily sends, opens, clicks, subscribes and unsubscribes (last 180 days)." },
];
export const DEFAULT_REPORT = "campaigns";
export const REPORT_HELP = "Campaign reports, or the audience's daily activity.";

const audience = [
  dimension("date", "Date", "YEAR_MONTH_DAY", "The send day (campaigns) or activity day, in the Mailchimp account's timezone."),
  dimension("list_id", "Audience ID", "TEXT", "The audience (list) id."),
  dimension("list_name", "Audience name", "TEXT", "The audience name."),
];

export const FIELDS_BY_REPORT: Record<string, FieldDef[]> = {
  campaigns: [
    ...audience,
    dimension("campaign_id", "Campaign ID", "TEXT", "The campaign id."),
    dimension("campaign_title", "Campaign title", "TEXT", "The campaign's internal title."),
    dimension("subject_line", "Subject line", "TEXT", "The email subject line."),
    dimension("campaign_type", "Campaign type", "TEXT", "regular, plaintext, absplit, rss or variate."),
    dimension("send_time", "Send time", "DATETIME", "When the campaign was sent (ISO-8601)."),
    metric("emails_sent", "Emails sent", "NUMBER", "SUM", "Emails sent."),
    metric("opens", "Opens", "NUMBER", "SUM", "All opens (opens_total)."),
    metric("unique_opens", "Unique opens", "NUMBER", "SUM", "Recipients who opened."),
    metric("clicks", "Clicks", "NUMBER", "SUM", "All clicks (clicks_total)."),
    metric("unique_clicks", "Unique subscriber clicks", "NUMBER", "SUM", "Recipients who clicked (unique_subscriber_clicks)."),
    metric("hard_bounces", "Hard bounces", "NUMBER", "SUM", "Permanent delivery failures."),
    metric("soft_bounces", "Soft bounces", "NUMBER", "SUM", "Temporary delivery failures."),
    metric("unsubscribed", "Unsubscribes", "NUMBER", "SUM", "Recipients who unsubscribed from the campaign."),
    metric("abuse_reports", "Abuse reports", "NUMBER", "SUM", "Recipients who marked it as spam."),
    metric("orders", "Orders", "NUMBER", "SUM", "E-commerce orders attributed to the campaign."),
    metric("revenue", "Revenue", "CURRENCY", "SUM", "E-commerce revenue attributed to the campaign (store currency)."),
    metric("open_rate", "Open rate", "PERCENT", "AVG", "Unique opens / delivered (sent minus bounces), Mailchimp's definition."),
    metric("click_rate", "Click rate", "PERCENT", "AVG", "Unique subscriber clicks / delivered."),
  ],
  audience_activity: [
    ...audience,
    metric("emails_sent", "Emails sent", "NUMBER", "SUM", "Emails sent to the audience that day."),
    metric("unique_opens", "Unique opens", "NUMBER", "SUM", "Unique opens that day."),
    metric("recipient_clicks", "Recipient clicks", "NUMBER", "SUM", "Recipients who clicked that day."),
    metric("hard_bounces", "Hard bounces", "NUMBER", "SUM", "Hard bounces that day."),
    metric("soft_bounces", "Soft bounces", "NUMBER", "SUM", "Soft bounces that day."),
    metric("subscribes", "Subscribes", "NUMBER", "SUM", "New subscribers that day (subs)."),
    metric("unsubscribes", "Unsubscribes", "NUMBER", "SUM", "Unsubscribes that day (unsubs)."),
    metric("other_adds", "Other adds", "NUMBER", "SUM", "Contacts added by import or the API."),
    metric("other_removes", "Other removes", "NUMBER", "SUM", "Contacts removed by other means."),
  ],
};

// Klaviyo's reports are built on Query Metric Aggregates: each metric field names the Klaviyo
// metric (by its name in the account) and the measurement to take from it (count, unique,
// sum_value). Campaign and flow reports group by the event properties Klaviyo documents for that
// (https://developers.klaviyo.com/en/docs/supported_metrics_and_attributes): email events carry
// $message (the campaign) and $flow; conversions carry $attributed_message and $attributed_flow.
import { dimension as dim, metric } from "../../core/field-defs.js";
import type { FieldDef, ReportDef } from "../../core/types.js";

export type Measurement = "count" | "unique" | "sum_value";

export interface MetricSource {
  /** Candidate metric names, first found wins (Klaviyo renamed some, e.g. the unsubscribe metric). */
  names: string[];
  measurement: Measurement;
  /** Grouping for the campaign and flow reports. */
  campaignBy: "$message" | "$attributed_message";
  flowBy: "$flow" | "$attributed_flow";
}

const email = (name: string, measurement: Measurement = "count"): MetricSource => ({ names: [name], measurement, campaignBy: "$message", flowBy: "$flow" });
const conversion = (name: string, measurement: Measurement): MetricSource => ({ names: [name], measurement, campaignBy: "$attributed_message", flowBy: "$attributed_flow" });

export const METRIC_SOURCES: Record<string, MetricSource> = {
  emails_received: email("Received Email"),
  emails_opened: email("Opened Email"),
  unique_opens: email("Opened Email", "unique"),
  emails_clicked: email("Clicked Email"),
  unique_clicks: email("Clicked Email", "unique"),
  emails_bounced: email("Bounced Email"),
  spam_complaints: email("Marked Email as Spam"),
  unsubscribes: { ...email("Unsubscribed from Email Marketing"), names: ["Unsubscribed from Email Marketing", "Unsubscribed"] },
  orders: conversion("Placed Order", "count"),
  revenue: conversion("Placed Order", "sum_value"),
};

export const KLAVIYO_REPORTS: ReportDef[] = [
  { id: "metrics", name: "Account metrics", description: "Email engagement and orders for the whole account, by day or hour (event time)." },
  { id: "campaigns", name: "Campaigns", description: "The same metrics per email campaign (events by campaign, orders attributed to the campaign)." },
  { id: "flows", name: "Flows", description: "The same metrics per flow (events by flow, orders attributed to the flow)." },
];

export const REPORT_HELP = "The whole account, or the same metrics per campaign or per flow.";

const METRICS: FieldDef[] = [
  metric("emails_received", "Emails received", "NUMBER", "SUM", "Received Email events (delivered emails)."),
  metric("emails_opened", "Opens", "NUMBER", "SUM", "Opened Email events."),
  metric("unique_opens", "Unique opens", "NUMBER", "SUM", "Profiles who opened, per period (unique within each day or hour)."),
  metric("emails_clicked", "Clicks", "NUMBER", "SUM", "Clicked Email events."),
  metric("unique_clicks", "Unique clicks", "NUMBER", "SUM", "Profiles who clicked, per period."),
  metric("emails_bounced", "Bounces", "NUMBER", "SUM", "Bounced Email events."),
  metric("spam_complaints", "Spam complaints", "NUMBER", "SUM", "Marked Email as Spam events."),
  metric("unsubscribes", "Unsubscribes", "NUMBER", "SUM", "Unsubscribes from email marketing."),
  metric("orders", "Orders", "NUMBER", "SUM", "Placed Order events (attributed orders in the campaign and flow reports)."),
  metric("revenue", "Revenue", "CURRENCY", "SUM", "Value of Placed Order events, in the account's currency."),
];

const TIME: FieldDef[] = [
  dim("date", "Date", "YEAR_MONTH_DAY", "Day the events happened, in the account's timezone."),
  dim("hour", "Hour", "HOUR", "Hour (0-23) the events happened, in the account's timezone."),
];

export const KLAVIYO_FIELDS: Record<string, FieldDef[]> = {
  metrics: [...TIME, ...METRICS],
  campaigns: [
    ...TIME,
    dim("campaign_id", "Campaign ID", "TEXT", "Identifier of the email campaign."),
    dim("campaign_name", "Campaign", "TEXT", "Name of the email campaign."),
    ...METRICS,
  ],
  flows: [...TIME, dim("flow_id", "Flow ID", "TEXT", "Identifier of the flow."), dim("flow_name", "Flow", "TEXT", "Name of the flow."), ...METRICS],
};

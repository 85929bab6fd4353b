// The e-mail delivery metrics e-mailing connectors share (ActiveCampaign, Brevo, Mailjet), with
// open and click rates derived from the sums so they stay right at any grouping.
import { ratio } from "../../core/aggregate.js";
import { metric } from "../../core/field-defs.js";
import type { FieldDef, Row } from "../../core/types.js";

export const EMAIL_METRICS: FieldDef[] = [
  metric("sent", "Sent", "NUMBER", "SUM", "E-mails sent."),
  metric("delivered", "Delivered", "NUMBER", "SUM", "E-mails delivered."),
  metric("opens", "Opens", "NUMBER", "SUM", "Opens (all)."),
  metric("unique_opens", "Unique opens", "NUMBER", "SUM", "Recipients who opened."),
  metric("clicks", "Clicks", "NUMBER", "SUM", "Link clicks (all)."),
  metric("unique_clicks", "Unique clicks", "NUMBER", "SUM", "Recipients who clicked."),
  metric("hard_bounces", "Hard bounces", "NUMBER", "SUM", "Permanent delivery failures."),
  metric("soft_bounces", "Soft bounces", "NUMBER", "SUM", "Temporary delivery failures."),
  metric("unsubscribes", "Unsubscribes", "NUMBER", "SUM", "Recipients who unsubscribed."),
  metric("spam_reports", "Spam reports", "NUMBER", "SUM", "Recipients who marked the e-mail as spam."),
  metric("open_rate", "Open rate", "PERCENT", "AVG", "Unique opens / delivered (sent when delivery is not reported)."),
  metric("click_rate", "Click rate", "PERCENT", "AVG", "Unique clicks / delivered (sent when delivery is not reported)."),
];

const base = (g: Row) => (Number(g.delivered) > 0 ? g.delivered : g.sent);
export const EMAIL_DERIVED = {
  open_rate: (g: Row) => ratio(g.unique_opens, base(g), 4),
  click_rate: (g: Row) => ratio(g.unique_clicks, base(g), 4),
};

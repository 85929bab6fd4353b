// The fields of affiliate networks (Awin, Adtraction): transactions summed per day, partner
// (the advertiser program of a publisher, or the publisher of an advertiser), status and currency.
import { dimension, metric } from "../../core/field-defs.js";
import type { FieldDef } from "../../core/types.js";

export const AFFILIATE_FIELDS: FieldDef[] = [
  dimension("date", "Date", "YEAR_MONTH_DAY", "Day of the transaction."),
  dimension("account_id", "Account ID", "TEXT", "Identifier of the network account (or channel)."),
  dimension("account_name", "Account name", "TEXT", "Name of the network account (or channel)."),
  dimension("partner_id", "Partner ID", "TEXT", "The advertiser program (for a publisher) or the publisher (for an advertiser)."),
  dimension("partner_name", "Partner name", "TEXT", "Name of the partner, when the network gives it."),
  dimension("commission_status", "Commission status", "TEXT", "Status of the commission as the network names it (pending, approved, declined...)."),
  dimension("currency", "Currency", "TEXT", "ISO 4217 currency of the amounts."),
  metric("transactions", "Transactions", "NUMBER", "SUM", "Tracked transactions."),
  metric("sale_amount", "Sale amount", "CURRENCY", "SUM", "Value of the sales."),
  metric("commission", "Commission", "CURRENCY", "SUM", "Commission earned (publisher) or owed (advertiser)."),
];

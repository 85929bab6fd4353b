// Stripe's reports. Balance transactions are the ledger of the Stripe balance, in the balance's
// (settlement) currency: https://docs.stripe.com/api/balance_transactions/object. Charges are in
// the currency the customer paid (presentment): https://docs.stripe.com/api/charges/object.
import { dimension as dim, metric } from "../../core/field-defs.js";
import type { FieldDef, ReportDef } from "../../core/types.js";

export const STRIPE_REPORTS: ReportDef[] = [
  { id: "balance_transactions", name: "Balance transactions", description: "Money in and out of the Stripe balance (charges, refunds, fees, payouts), in the settlement currency." },
  { id: "charges", name: "Charges", description: "Payments attempted, succeeded, failed and refunded, in the currency charged." },
];

export const REPORT_HELP = "Balance transactions (what reached the balance) or charges (what customers were charged).";

const TIME: FieldDef[] = [
  dim("date", "Date", "YEAR_MONTH_DAY", "Day the object was created, in the account's dashboard timezone."),
  dim("hour", "Hour", "HOUR", "Hour (0-23) the object was created, in the account's dashboard timezone."),
];

export const STRIPE_FIELDS: Record<string, FieldDef[]> = {
  balance_transactions: [
    ...TIME,
    dim("transaction_id", "Transaction ID", "TEXT", "Identifier of the balance transaction (txn_...)."),
    dim("type", "Type", "TEXT", "charge, refund, payout, stripe_fee, adjustment, payment..."),
    dim("reporting_category", "Reporting category", "TEXT", "charge, refund, dispute, fee, payout... (Stripe's grouping for reports)."),
    dim("status", "Status", "TEXT", "available or pending."),
    dim("currency", "Currency", "TEXT", "Settlement currency (ISO code, upper case)."),
    dim("available_on", "Available on", "YEAR_MONTH_DAY", "Day the funds become available in the balance."),
    metric("transactions", "Transactions", "NUMBER", "COUNT_DISTINCT", "Number of balance transactions."),
    metric("amount", "Gross amount", "CURRENCY", "SUM", "Gross amount (negative for money out)."),
    metric("fees", "Fees", "CURRENCY", "SUM", "Stripe fees."),
    metric("net", "Net amount", "CURRENCY", "SUM", "Amount minus fees."),
  ],
  charges: [
    ...TIME,
    dim("charge_id", "Charge ID", "TEXT", "Identifier of the charge (ch_/py_...)."),
    dim("status", "Status", "TEXT", "succeeded, pending or failed."),
    dim("currency", "Currency", "TEXT", "Currency charged (ISO code, upper case). Add it when the account charges in several currencies."),
    dim("payment_method_type", "Payment method", "TEXT", "card, sepa_debit, ideal, klarna..."),
    dim("card_brand", "Card brand", "TEXT", "visa, mastercard, amex... for card payments."),
    dim("card_country", "Card country", "COUNTRY_CODE", "Issuing country of the card."),
    dim("failure_code", "Failure code", "TEXT", "Why a charge failed (card_declined, expired_card...)."),
    dim("refunded", "Fully refunded", "BOOLEAN", "Whether the charge was refunded in full."),
    dim("disputed", "Disputed", "BOOLEAN", "Whether the charge was disputed."),
    metric("charges", "Charges", "NUMBER", "COUNT_DISTINCT", "Number of charges."),
    metric("successful_charges", "Successful charges", "NUMBER", "SUM", "Charges that succeeded."),
    metric("failed_charges", "Failed charges", "NUMBER", "SUM", "Charges that failed."),
    metric("customers", "Customers", "NUMBER", "COUNT_DISTINCT", "Distinct customers charged."),
    metric("amount", "Amount", "CURRENCY", "SUM", "Amount of the charges (all statuses)."),
    metric("amount_captured", "Amount captured", "CURRENCY", "SUM", "Amount captured."),
    metric("amount_refunded", "Amount refunded", "CURRENCY", "SUM", "Amount refunded so far."),
    metric("net_captured", "Captured after refunds", "CURRENCY", "SUM", "Captured minus refunded."),
  ],
};

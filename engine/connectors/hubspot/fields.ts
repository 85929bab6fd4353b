// HubSpot CRM objects as reports: one record per row before aggregation, rolled up to the requested
// dimensions. Field ids are the HubSpot property names where there is one.
// https://developers.hubspot.com/docs/api/crm/understanding-the-crm
import { dimension, metric } from "../../core/field-defs.js";
import type { ConfigField, FieldDef, ReportDef } from "../../core/types.js";

export type ObjectType = "contacts" | "companies" | "deals";

export const REPORTS: (ReportDef & { object: ObjectType; countField: string })[] = [
  { id: "contacts", name: "Contacts", description: "Contacts created (or modified) per day.", object: "contacts", countField: "contacts" },
  { id: "companies", name: "Companies", description: "Companies created (or modified) per day.", object: "companies", countField: "companies" },
  { id: "deals", name: "Deals", description: "Deals and their amounts, created (or modified) per day.", object: "deals", countField: "deals" },
];
export const DEFAULT_REPORT = "contacts";
export const REPORT_HELP = "The CRM object to read.";

/** The property a date range filters on: creation, or last modification (named differently on contacts). */
export const DATE_PROPERTY: Record<ObjectType, { created: string; modified: string }> = {
  contacts: { created: "createdate", modified: "lastmodifieddate" },
  companies: { created: "createdate", modified: "hs_lastmodifieddate" },
  deals: { created: "createdate", modified: "hs_lastmodifieddate" },
};

export const DATE_CONFIG_FIELD: ConfigField = {
  id: "date_property",
  name: "Date",
  helpText: "Which date places a record on a day: when it was created, or when it was last modified.",
  allowedMultiple: false,
  values: [
    { value: "created", label: "Create date" },
    { value: "modified", label: "Last modified date" },
  ],
  default: "created",
  type: "multiple",
};

const common = (object: string): FieldDef[] => [
  dimension("date", "Date", "YEAR_MONTH_DAY", "The record's create (or last modified) day in the HubSpot account's timezone."),
  dimension("record_id", "Record ID", "TEXT", `The HubSpot ${object} id.`),
  dimension("created_at", "Created at", "DATETIME", "createdate, as an ISO-8601 instant."),
  dimension("hubspot_owner_id", "Owner ID", "TEXT", "The HubSpot user who owns the record."),
];

export const FIELDS_BY_REPORT: Record<string, FieldDef[]> = {
  contacts: [
    ...common("contact"),
    dimension("email", "Email", "TEXT", "The contact's email."),
    dimension("firstname", "First name", "TEXT", "The contact's first name."),
    dimension("lastname", "Last name", "TEXT", "The contact's last name."),
    dimension("lifecyclestage", "Lifecycle stage", "TEXT", "subscriber, lead, marketingqualifiedlead, ..., customer."),
    dimension("hs_lead_status", "Lead status", "TEXT", "The contact's lead status."),
    dimension("hs_analytics_source", "Original source", "TEXT", "Where the contact first came from (ORGANIC_SEARCH, PAID_SOCIAL, ...)."),
    dimension("country", "Country", "COUNTRY", "The contact's country."),
    metric("contacts", "Contacts", "NUMBER", "SUM", "Number of contacts."),
  ],
  companies: [
    ...common("company"),
    dimension("name", "Company name", "TEXT", "The company's name."),
    dimension("domain", "Domain", "TEXT", "The company's website domain."),
    dimension("industry", "Industry", "TEXT", "The company's industry."),
    dimension("lifecyclestage", "Lifecycle stage", "TEXT", "The company's lifecycle stage."),
    dimension("country", "Country", "COUNTRY", "The company's country."),
    metric("companies", "Companies", "NUMBER", "SUM", "Number of companies."),
    metric("numberofemployees", "Employees", "NUMBER", "SUM", "Number of employees."),
    metric("annualrevenue", "Annual revenue", "CURRENCY", "SUM", "Annual revenue, in the account currency."),
  ],
  deals: [
    ...common("deal"),
    dimension("dealname", "Deal name", "TEXT", "The deal's name."),
    dimension("pipeline", "Pipeline", "TEXT", "The deal pipeline id."),
    dimension("dealstage", "Deal stage", "TEXT", "The deal stage id (appointmentscheduled, closedwon, ...)."),
    dimension("closedate", "Close date", "YEAR_MONTH_DAY", "The deal's expected or actual close day."),
    metric("deals", "Deals", "NUMBER", "SUM", "Number of deals."),
    metric("amount", "Amount", "CURRENCY", "SUM", "Deal amount, in the account currency."),
  ],
};

/** Fields filled from something other than a property of the same name. */
export const COMPUTED = new Set(["date", "record_id", "created_at", "contacts", "companies", "deals"]);

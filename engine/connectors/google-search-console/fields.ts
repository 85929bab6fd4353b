// Search Analytics dimensions and metrics
// (https://developers.google.com/webmaster-tools/v1/searchanalytics/query). ctr and position are
// averages over impressions: summed across rows they mean nothing, hence AVG.
import { dimension, metric } from "../../core/field-defs.js";
import type { ApiField } from "../shared/google-reporting.js";

const lower = (v: unknown) => (typeof v === "string" ? v.toLowerCase() : null);

export const GSC_FIELDS: ApiField[] = [
  { def: dimension("date", "Date", "YEAR_MONTH_DAY", "Day in Pacific Time (Search Console's reporting day)."), api: "date" },
  { def: dimension("site_url", "Property", "URL", "The Search Console property (https://example.com/ or sc-domain:example.com)."), api: "" },
  { def: dimension("query", "Query", "TEXT", "The search query. Anonymized queries are left out of rows that group by query."), api: "query" },
  { def: dimension("page", "Page", "URL", "The canonical URL shown in the result."), api: "page" },
  { def: dimension("country", "Country", "COUNTRY_CODE", "ISO 3166-1 alpha-3 country code of the searcher, lower case (fra, usa)."), api: "country", parse: lower },
  { def: dimension("device", "Device", "TEXT", "DESKTOP, MOBILE or TABLET."), api: "device" },
  { def: metric("clicks", "Clicks", "NUMBER", "SUM", "Clicks from a Google search result to the property."), api: "clicks" },
  { def: metric("impressions", "Impressions", "NUMBER", "SUM", "Times a link to the property appeared in a result."), api: "impressions" },
  { def: metric("ctr", "CTR", "PERCENT", "AVG", "Clicks divided by impressions (a ratio)."), api: "ctr" },
  { def: metric("position", "Average position", "NUMBER", "AVG", "Average topmost position of the property in results (1 is the top)."), api: "position" },
];

/** searchAnalytics.query "type" values; Discover and Google News reject the query dimension, so they are left out. */
export const GSC_REPORTS = [
  { id: "web", name: "Web search", description: "Search Analytics of the Web search tab." },
  { id: "image", name: "Image search", description: "Search Analytics of the Images search tab." },
  { id: "video", name: "Video search", description: "Search Analytics of the Videos search tab." },
  { id: "news", name: "News search", description: "Search Analytics of the News search tab." },
];

// Graph API errors arrive as {"error":{"message","type","code","error_subcode","is_transient",
// "fbtrace_id"}} with HTTP 400 for most of them, so the status alone says little: the code does.
// The mapping is shared by the Meta connectors (shared/meta-graph.ts); this is its ads wording.
// https://developers.facebook.com/docs/graph-api/guides/error-handling
// https://developers.facebook.com/docs/marketing-api/overview/rate-limiting
import type { ConnectorError } from "../../core/errors.js";
import type { HttpResponse, PreparedRequest } from "../../core/http-types.js";
import { classifyGraphErrorAs } from "../shared/meta-graph.js";

export { regainAccessMs, TOO_MUCH_DATA, type GraphError } from "../shared/meta-graph.js";

export const PLATFORM = "facebook-ads";

export function classifyGraphError(response: HttpResponse, request: PreparedRequest, now = new Date()): ConnectorError | undefined {
  return classifyGraphErrorAs({ platform: PLATFORM, source: "Facebook Ads", permission: "the ads_read permission and a role on this ad account", limitScope: "this ad account" }, response, request, now);
}

/**
 * Issue 8's repositories for route modules (the ".server" suffix keeps pg out of the browser
 * bundle), next to the core ones in repositories.server.ts.
 */
export * as teamRepo from "../../db/repositories/team.js";
export * as billingRepo from "../../db/repositories/billing.js";
export * as usageRepo from "../../db/repositories/usage.js";
export * as adminRepo from "../../db/repositories/admin.js";
export * as gdsFieldsRepo from "../../db/repositories/gds-fields.js";

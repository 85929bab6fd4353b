/**
 * Route modules reach the database only through this file: the ".server" suffix keeps the
 * repositories (and pg) out of the browser bundle.
 */
export * as companiesRepo from "../../db/repositories/companies.js";
export * as usersRepo from "../../db/repositories/users.js";
export * as sourcesRepo from "../../db/repositories/network-authorizations.js";
export * as dataSourcesRepo from "../../db/repositories/data-sources.js";
export * as savedQueriesRepo from "../../db/repositories/saved-queries.js";

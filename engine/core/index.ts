// The engine core's public surface: connectors and callers import from here.
export * from "./types.js";
export * from "./errors.js";
export * from "./http.js";
export * from "./context.js";
export * from "./credentials.js";
export * from "./dates.js";
export * from "./filters.js";
export * from "./pages.js";
export * from "./redact.js";
export * from "./logger.js";
export * from "./rate-limit.js";
export * from "./app-credentials.js";
export { buildAuthorizeUrl, exchangeCode, refreshToken, expiresSoon, type OAuth2Client } from "./oauth2.js";
export { signOAuth1, getRequestToken, buildOAuth1AuthorizeUrl, exchangeVerifier, type OAuth1Consumer } from "./oauth1.js";
export * from "./paginate.js";
export * from "./poll.js";
export * from "./aggregate.js";
export * from "./report-request.js";

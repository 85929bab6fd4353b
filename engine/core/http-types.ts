// Kept apart from http.ts so that types.ts can name these without importing the implementation.
import type { Credential } from "./types.js";

export type HttpMethod = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

export type QueryValue = string | number | boolean | undefined | null | (string | number)[];

export interface HttpRequest {
  method?: HttpMethod;
  /** Absolute, or relative to the base URL (override, connector.baseUrlFor, defaultBaseUrl). */
  url: string;
  query?: Record<string, QueryValue>;
  headers?: Record<string, string>;
  /** Sent as application/json. */
  json?: unknown;
  /** Sent as application/x-www-form-urlencoded (and signed as parameters under OAuth 1.0a). */
  form?: Record<string, string>;
  body?: string;
  /** The rate budget this request spends (an account id); defaults to the credential's budget. */
  account?: string;
  /** false for public endpoints and token endpoints. */
  auth?: boolean;
  /** Statuses handed back to the caller instead of raising (e.g. 404 meaning "none"). */
  expect?: number[];
  retries?: number;
  timeoutMs?: number;
}

/** The request after URL resolution, as `authorize` hooks see and change it. */
export interface PreparedRequest {
  method: HttpMethod;
  url: URL;
  headers: Record<string, string>;
  body?: string;
  /** Form parameters, which OAuth 1.0a includes in the signature base string. */
  form?: Record<string, string>;
}

export interface HttpResponse {
  status: number;
  headers: Headers;
  url: string;
  text: string;
  /** The body as JSON; with a parser, checked like HttpClient.json (a surprise is a system error). */
  json<T = unknown>(parser?: PayloadParser<T>): T;
}

/** Anything with zod's `parse` works; a failure becomes a system error with a redacted excerpt. */
export interface PayloadParser<T> {
  parse(data: unknown): T;
}

export interface HttpClient {
  /** The current credential (it changes after a token refresh). */
  readonly credential: Credential;
  /** The base URL relative requests resolve against. */
  readonly baseUrl: string;
  request(req: HttpRequest): Promise<HttpResponse>;
  json<T = unknown>(req: HttpRequest, parser?: PayloadParser<T>): Promise<T>;
  /** Unbuffered response for large or streamed bodies; only the headers were checked. */
  stream(req: HttpRequest): Promise<Response>;
  /** Redacts with this client's known secrets, for connector-built messages. */
  redact<T>(value: T): T;
}

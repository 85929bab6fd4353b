// One error family for the engine boundary. Callers map `httpStatus` to their own answer (a
// Response in routes, ApplicationFailure in Temporal: `retryable` says which ones to retry).

export abstract class EngineError extends Error {
  abstract readonly code: string;
  /** The HTTP status a route should answer with when this error reaches it. */
  abstract readonly httpStatus: number;
  get retryable(): boolean {
    return false;
  }
  toJSON(): Record<string, unknown> {
    return { name: this.name, code: this.code, message: this.message };
  }
}

/** config: the user must act (reconnect, fix a setting); transient: retry later; system: our bug or the platform's. */
export type ConnectorErrorKind = "config" | "transient" | "system";

export interface ConnectorErrorInit {
  kind: ConnectorErrorKind;
  platform: string;
  message: string;
  /** Already redacted. */
  request?: { method: string; url: string };
  status?: number;
  /** Already redacted, at most a few hundred characters. */
  bodyExcerpt?: string;
  retryAfterMs?: number;
  cause?: unknown;
}

export class ConnectorError extends EngineError {
  readonly code = "connector_error";
  readonly kind: ConnectorErrorKind;
  readonly platform: string;
  readonly request?: { method: string; url: string };
  readonly status?: number;
  readonly bodyExcerpt?: string;
  readonly retryAfterMs?: number;

  constructor(init: ConnectorErrorInit) {
    super(init.message, init.cause === undefined ? undefined : { cause: init.cause });
    this.name = "ConnectorError";
    this.kind = init.kind;
    this.platform = init.platform;
    this.request = init.request;
    this.status = init.status;
    this.bodyExcerpt = init.bodyExcerpt;
    this.retryAfterMs = init.retryAfterMs;
  }

  get httpStatus(): number {
    // A bad credential is the caller's to fix (400); the platform failing is a bad gateway.
    if (this.kind === "config") return 400;
    return this.kind === "transient" ? 503 : 502;
  }

  override get retryable(): boolean {
    return this.kind === "transient";
  }

  override toJSON(): Record<string, unknown> {
    return {
      ...super.toJSON(),
      kind: this.kind,
      platform: this.platform,
      request: this.request,
      status: this.status,
      bodyExcerpt: this.bodyExcerpt,
      retryAfterMs: this.retryAfterMs,
    };
  }
}

export class UnknownPlatformError extends EngineError {
  readonly code = "unknown_platform";
  readonly httpStatus = 404;
  constructor(readonly platform: string) {
    super(`Unknown platform "${platform}". Check the platform identifier (for example google-ads).`);
    this.name = "UnknownPlatformError";
  }
}

/** A catalogue platform whose connector is not written yet ("coming soon" in the UI). */
export class PlatformNotImplementedError extends EngineError {
  readonly code = "platform_not_implemented";
  readonly httpStatus = 501;
  constructor(readonly platform: string) {
    super(`The ${platform} connector is coming soon: it cannot be connected or read yet.`);
    this.name = "PlatformNotImplementedError";
  }
}

export class UnknownFieldError extends EngineError {
  readonly code = "unknown_field";
  readonly httpStatus = 400;
  constructor(
    readonly platform: string,
    readonly fields: string[],
    readonly report?: string,
  ) {
    super(
      `Unknown field${fields.length > 1 ? "s" : ""} ${fields.map((f) => `"${f}"`).join(", ")} for ${platform}` +
        `${report ? ` report "${report}"` : ""}. List the available fields of this platform and pick from them.`,
    );
    this.name = "UnknownFieldError";
  }
}

export class FieldTypeMismatchError extends EngineError {
  readonly code = "field_type_mismatch";
  readonly httpStatus = 400;
  constructor(
    readonly platform: string,
    readonly field: string,
    readonly expected: "metric" | "dimension",
    readonly actual: "metric" | "dimension",
  ) {
    super(`"${field}" is a ${actual} of ${platform}, not a ${expected}: move it to the ${actual}s.`);
    this.name = "FieldTypeMismatchError";
  }
}

export class InvalidDateRangeError extends EngineError {
  readonly code = "invalid_date_range";
  readonly httpStatus = 400;
  constructor(message: string) {
    super(message);
    this.name = "InvalidDateRangeError";
  }
}

export class InvalidCredentialError extends EngineError {
  readonly code = "invalid_credential";
  readonly httpStatus = 400;
  constructor(
    message: string,
    readonly platform?: string,
  ) {
    super(message);
    this.name = "InvalidCredentialError";
  }
}

/** Any other malformed request to the engine (bad filter, unknown report, unsupported granularity). */
export class InvalidRequestError extends EngineError {
  readonly code = "invalid_request";
  readonly httpStatus = 400;
  constructor(message: string) {
    super(message);
    this.name = "InvalidRequestError";
  }
}

export function isEngineError(error: unknown): error is EngineError {
  return error instanceof EngineError;
}

export function isConnectorError(error: unknown): error is ConnectorError {
  return error instanceof ConnectorError;
}

/** Fields the platform does not allow together (Google Ads selectable_with, GA4 compatibility, Meta breakdowns). */
export class IncompatibleFieldsError extends EngineError {
  readonly code = "incompatible_fields";
  readonly httpStatus = 400;
  constructor(
    readonly platform: string,
    readonly conflicts: { fieldId: string; reason: string }[],
  ) {
    super(
      `These ${platform} fields cannot be requested together: ${conflicts.map((c) => `"${c.fieldId}" (${c.reason})`).join("; ")}. Remove one of the conflicting fields.`,
    );
    this.name = "IncompatibleFieldsError";
  }
}

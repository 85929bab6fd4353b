// Not implemented yet: loads into this destination fail with a clear config error instead of
// pretending to succeed (see the issue 6 report). The form, validation and storage of its settings
// work; the loader lands in a later change.
import { DestinationError } from "../errors.js";
import type { DestinationLoader, LoadResult } from "../types.js";

export class SnowflakeLoader implements DestinationLoader {
  readonly type = "snowflake" as const;
  constructor(readonly config: { host: string; username: string; password: string; database: string; endpoint?: string }) {}
  private unavailable(): DestinationError {
    return new DestinationError(this.type, "config", "Loading into this destination type is not available yet.");
  }
  async check(): Promise<void> {
    throw this.unavailable();
  }
  async prepare(): Promise<void> {
    throw this.unavailable();
  }
  async load(): Promise<LoadResult> {
    throw this.unavailable();
  }
  async close(): Promise<void> {}
}

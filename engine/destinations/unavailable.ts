// A destination type whose loader is not written yet: every call fails with a clear config error
// instead of pretending to succeed (so such a destination cannot pass the check and be saved).
import { DestinationError } from "./errors.js";
import type { DestinationLoader, DestinationType, LoadResult } from "./types.js";

export class UnavailableLoader implements DestinationLoader {
  constructor(readonly type: DestinationType) {}
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

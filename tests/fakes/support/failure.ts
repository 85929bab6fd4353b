// Connector tests assert on the ConnectorError a call ends with; this turns "it did not fail"
// into a test failure instead of an undefined to poke at.
import type { ConnectorError } from "../../../engine/core/errors.js";

export function failureOf(promise: Promise<unknown>): Promise<ConnectorError> {
  return promise.then(
    () => {
      throw new Error("expected the call to fail, it succeeded");
    },
    (error: unknown) => error as ConnectorError,
  );
}

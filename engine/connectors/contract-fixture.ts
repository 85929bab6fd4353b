// The fixture each connector folder exports as `contract` from contract.ts. The contract test
// (engine/contract.test.ts) finds every connectors/<id>/contract.ts by itself.
import type { AppCredentials, Credential, DateRange } from "../core/types.js";

export interface RunningFake {
  /** Base URL to pass as the connector's baseUrl override (the fake's host is then allowed). */
  baseUrl: string;
  /** OAuth token endpoint on the fake, when the connector refreshes tokens. */
  tokenUrl?: string;
  close(): Promise<void>;
}

export interface ContractFixture {
  platform: string;
  /** Starts the platform's fake from tests/fakes/<platform>; absent for connectors without HTTP (demo). */
  startFake?: () => Promise<RunningFake>;
  credential: Credential;
  app?: AppCredentials;
  /** A read that returns at least one row against the fake. */
  read: {
    report?: string;
    range: DateRange;
    /** Defaults to every account listAccounts returns whose status is absent, active or enabled. */
    accounts?: string[];
    /** Defaults to every field of the report. */
    fields?: string[];
    granularity?: "day" | "hour";
  };
  /**
   * Catalogue platforms (issue 17): read every report with every one of its fields against the fake,
   * in as few requests as the platform's compatibility rules allow, so no catalogue field is left
   * untried. Each read must return rows that carry every requested field.
   */
  everyField?: {
    range: DateRange;
    /** Defaults to the accounts of `read`, else the first readable account. */
    accounts?: string[];
  };
}

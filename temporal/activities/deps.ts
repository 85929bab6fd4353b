import type { DB } from "../../db/connection.js";

/**
 * What activities need from the outside world, built once by worker.ts (and by tests). Areas add
 * the dependencies they need here (e.g. the connector registry, a Slack client, a clock).
 */
export type ActivityDeps = {
  db: DB;
  /** Data streams (issue 6): the connector registry and the destination opener (defaults: the engine registry, and openConfiguredDestination with the outbound guard); tests inject fakes. */
  getConnector?: (platform: string) => import("../../engine/core/types.js").Connector;
  openDestination?: (type: string, config: Record<string, string>) => Promise<import("../../engine/destinations/types.js").DestinationLoader>;
  /** A clock, for tests of date-dependent runs. */
  now?: () => Date;
  /** Monitoring (issue 7): mail and Slack senders (defaults: lib/mail.ts and the shared lib/slack client) and the link base. */
  sendMail?: (mail: import("../../lib/mail.js").Mail) => Promise<void>;
  postSlack?: (token: string, message: { channel: string; text: string }) => Promise<unknown>;
  appUrl?: string;
};

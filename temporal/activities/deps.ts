// What activities need from the outside world. Activities read everything through these deps,
// never through globals, so a test (or a second worker with other settings) can replace any of it.
import type { Client } from "@temporalio/client";
import type { DB } from "../../db/connection.js";
import { registry as connectorRegistry, type Connector, type DestinationLoader } from "../../engine/index.js";
import { appOrigin, getEnv } from "../../lib/env.js";
import { sendMail, type Mail } from "../../lib/mail.js";
import { outboundGuard } from "../../lib/outbound/guard.js";
import { getSlackClient } from "../../lib/slack/index.js";
import { openConfiguredDestination } from "../../server/destination-endpoints.js";
import { getTemporalClient } from "../client.js";

export type ActivityDeps = {
  db: DB;
  /** The connector registry (tests inject misbehaving or counting connectors). */
  getConnector: (platform: string) => Connector;
  /** Opens a destination with the operator's endpoints and the outbound-address guard. */
  openDestination: (type: string, config: Record<string, string>) => Promise<DestinationLoader>;
  /** The clock of date-dependent runs. */
  now: () => Date;
  /** Monitoring notifications: mail and Slack senders, and the origin of links in them. */
  sendMail: (mail: Mail) => Promise<void>;
  postSlack: (token: string, message: { channel: string; text: string }) => Promise<unknown>;
  appUrl: string;
  /** fetch for tenant-supplied URLs (the URL checker), through the outbound-address guard. */
  fetchTenantUrl: typeof fetch;
  /** The Temporal client, for activities that pause or start schedules. */
  temporalClient: () => Promise<Client>;
  /** Days an over-the-cap company keeps extracting before its extra accounts lock (billing). */
  billingGraceDays: number;
  /** Where the ECB publishes its reference rates (decision 0930), and the fetch that reads them. */
  ecbRatesBaseUrl: string;
  fetchEcb: typeof fetch;
};

/** The worker's dependencies: the given ones, the product's defaults for the rest (built once, at worker start). */
export function activityDeps(given: Pick<ActivityDeps, "db"> & Partial<ActivityDeps>): ActivityDeps {
  return {
    getConnector: (platform) => connectorRegistry.getConnector(platform),
    openDestination: openConfiguredDestination,
    now: () => new Date(),
    sendMail,
    postSlack: (token, message) => getSlackClient().postMessage(token, message),
    appUrl: appOrigin(),
    fetchTenantUrl: outboundGuard().fetch,
    temporalClient: getTemporalClient,
    billingGraceDays: getEnv().BILLING_GRACE_DAYS,
    ecbRatesBaseUrl: getEnv().ECB_RATES_BASE_URL,
    fetchEcb: (input, init) => fetch(input, init),
    ...given,
  };
}

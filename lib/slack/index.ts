import { getEnv } from "../env.js";
import { SlackClient } from "./client.js";

export * from "./client.js";

/** The product's Slack client, configured from the environment (SLACK_BASE_URL points tests at the fake). */
export function getSlackClient(): SlackClient {
  const env = getEnv();
  return new SlackClient({ clientId: env.SLACK_CLIENT_ID, clientSecret: env.SLACK_CLIENT_SECRET, baseUrl: env.SLACK_BASE_URL });
}

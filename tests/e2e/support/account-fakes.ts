import { startStripeMock } from "../../fakes/stripe/stripe-mock.js";
import { startFakeSlack } from "../../fakes/slack/server.js";

/** Issue 8's third parties for the browser flows: stripe-mock (Stripe's API) and the Slack fake. */
export const E2E_STRIPE_WEBHOOK_SECRET = "whsec_e2e_signalpost";
export const E2E_SLACK_APP = { clientId: "e2e-slack-client", clientSecret: "e2e-slack-secret" };

export async function startAccountFakes() {
  const stripe = await startStripeMock();
  const slack = await startFakeSlack(E2E_SLACK_APP);
  return {
    env: {
      STRIPE_SECRET_KEY: "sk_test_123",
      STRIPE_API_BASE_URL: stripe.url,
      STRIPE_WEBHOOK_SECRET: E2E_STRIPE_WEBHOOK_SECRET,
      SLACK_CLIENT_ID: E2E_SLACK_APP.clientId,
      SLACK_CLIENT_SECRET: E2E_SLACK_APP.clientSecret,
      SLACK_BASE_URL: slack.url,
    },
    close: async () => {
      await stripe.stop();
      await slack.close();
    },
  };
}

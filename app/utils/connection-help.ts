// Where to find what a credential form asks for (issue 19: "no hint where to find the key"), per
// platform, with the platform's own page on it. Platforms not listed get the generic hint. Links
// are to the platforms' documentation, checked when written; a platform that moves its page keeps
// its steps here.

export type ConnectionHelp = { steps: string; docUrl?: string };

const HELP: Record<string, ConnectionHelp> = {
  "active-campaign": { steps: "In ActiveCampaign, open Settings → Developer: the API URL and the API Key are both there.", docUrl: "https://help.activecampaign.com/hc/en-us/articles/207317590-Getting-started-with-the-API" },
  amplitude: { steps: "In Amplitude, open Settings → Organization settings → Projects → your project: copy its API Key and Secret Key.", docUrl: "https://amplitude.com/docs/apis/authentication" },
  "app-store-connect": {
    steps: "In App Store Connect, open Users and Access → Integrations → App Store Connect API: the Issuer ID is at the top, create a key (Key ID) and download its .p8 file once. The Vendor ID is in Payments and Financial Reports.",
    docUrl: "https://developer.apple.com/documentation/appstoreconnectapi/creating-api-keys-for-app-store-connect-api",
  },
  bigcommerce: { steps: "In BigCommerce, open Settings → API → Store-level API accounts → Create API account with read-only scopes. The store hash is the part after /stores/ in the API path it shows.", docUrl: "https://support.bigcommerce.com/s/article/Store-API-Accounts" },
  brevo: { steps: "In Brevo, open your profile menu → SMTP & API → API Keys → Generate a new API key.", docUrl: "https://help.brevo.com/hc/en-us/articles/209467485" },
  "call-rail": { steps: "In CallRail, open your profile → API Keys → Create API V3 Key.", docUrl: "https://apidocs.callrail.com/" },
  chargebee: { steps: "In Chargebee, open Settings → Configure Chargebee → API Keys and add a read-only key. The site name is the first part of your Chargebee address (yoursite.chargebee.com).", docUrl: "https://www.chargebee.com/docs/2.0/api_keys.html" },
  demo: { steps: "The demo platform needs no account: type demo as the key." },
  klaviyo: { steps: "In Klaviyo, open Settings → API keys → Create Private API Key, choose Read-only, and copy the key (it is shown once).", docUrl: "https://help.klaviyo.com/hc/en-us/articles/7423954176283" },
  magento: {
    steps: "In the Magento admin, open System → Extensions → Integrations → Add New Integration, give it read access to the resources you need, save, then Activate it: the four keys are shown.",
    docUrl: "https://experienceleague.adobe.com/en/docs/commerce-admin/systems/integrations",
  },
  mailjet: { steps: "In Mailjet, open Account settings → REST API → API Key Management: the API Key and the Secret Key are there.", docUrl: "https://app.mailjet.com/account/apikeys" },
  matomo: { steps: "In Matomo, open Administration → Personal → Security → Auth tokens → Create new token. The Matomo URL is the address you open Matomo at.", docUrl: "https://matomo.org/faq/general/faq_114/" },
  mixpanel: { steps: "In Mixpanel, open Organization settings → Service accounts → Add service account, with access to your project: copy its username and secret.", docUrl: "https://docs.mixpanel.com/docs/orgs-and-projects/service-accounts" },
  prestashop: { steps: "In the PrestaShop back office, open Advanced Parameters → Webservice, enable it, then Add new webservice key with GET access to the resources you need.", docUrl: "https://devdocs.prestashop-project.org/8/webservice/" },
  shopify: {
    steps: "In Shopify admin, open Settings → Apps and sales channels → Develop apps → Create an app, give it read access to orders, products and customers, install it, then copy the Admin API access token (shown once). The shop is the your-shop part of your-shop.myshopify.com.",
    docUrl: "https://help.shopify.com/en/manual/apps/app-types/custom-apps",
  },
  stripe: { steps: "In the Stripe Dashboard, open Developers → API keys → Create restricted key, with Read access to the resources you need.", docUrl: "https://docs.stripe.com/keys" },
  "twitter-public-data": { steps: "In the X developer portal, open your project's app → Keys and tokens → Bearer Token.", docUrl: "https://developer.x.com/en/docs/authentication/oauth-2-0/bearer-tokens" },
  woocommerce: { steps: "In WordPress, open WooCommerce → Settings → Advanced → REST API → Add key, with Read permission: copy the Consumer Key and Consumer Secret.", docUrl: "https://woocommerce.com/document/woocommerce-rest-api/" },
};

/** The help for a platform's credential form; a generic hint for platforms without their own. */
export function connectionHelp(platform: { id: string; displayName: string }): ConnectionHelp {
  return HELP[platform.id] ?? { steps: `${platform.displayName} shows its API credentials in your account's settings, usually under API, Developers or Integrations. Ask your ${platform.displayName} account manager if you cannot see them.` };
}

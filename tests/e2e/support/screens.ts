// Every screen of the product, for the responsive and accessibility sweep (issue 19): one entry per
// page route (checked against Remix's route files by screens.spec.ts), with the seeded demo
// objects' ids filled in from the stack's database.
import { withPgClient } from "../../../db/pg-clients.js";
import { readE2EState } from "./state.js";
import { lookerConnectorUrl } from "./register-flow.js";
import { E2E_LOOKER } from "./state.js";

export type SeededIds = {
  client: number;
  configuredFor: number;
  alert: number;
  template: number;
  stream: number;
  job: number;
  destination: number;
  source: number;
  savedQuery: number;
  connection: number;
  localStorage: number;
  gdsField: number;
  company: number;
};

export type Screen = {
  /** The route file it covers (app/routes/<file>). */
  route: string;
  path: (ids: SeededIds) => string;
  /** Who looks at it: the demo user (default), the platform admin, or nobody signed in. */
  as?: "user" | "admin" | "anonymous";
};

const s = (route: string, path: string | ((ids: SeededIds) => string), as?: Screen["as"]): Screen => ({ route, path: typeof path === "string" ? () => path : path, as });

export const SCREENS: Screen[] = [
  // Public pages.
  s("login.tsx", "/login", "anonymous"),
  s("connect.$token.tsx", "/connect/not-a-token", "anonymous"),
  s("connect.done.tsx", "/connect/done", "anonymous"),
  s("signup.tsx", "/signup", "anonymous"),
  s("reset-password.$token.tsx", "/reset-password/not-a-token", "anonymous"),
  s("company.create-user.$token.tsx", "/company/create-user/not-a-token", "anonymous"),
  s("templates.$templateType.tsx", "/templates/GOOGLE_SHEETS", "anonymous"),
  s("authorize.tsx", `/authorize?${new URLSearchParams({ client_id: E2E_LOOKER.clientId, redirect_uri: `https://script.google.com/macros/d/${E2E_LOOKER.scriptId}/usercallback`, response_type: "code", state: "screens" })}`),
  s("oauth2-authorize.$platform.tsx", lookerConnectorUrl("screens")),
  // The product.
  s("_app._index.tsx", "/"),
  s("_app.app.tsx", "/app"),
  s("_app.getting-started.tsx", "/getting-started"),
  s("_app.data-connector._index.tsx", "/data-connector"),
  s("_app.data-connector.usage.tsx", "/data-connector/usage"),
  s("_app.data-connector.sources._index.tsx", "/data-connector/sources"),
  s("_app.data-connector.sources.new.tsx", "/data-connector/sources/new"),
  s("_app.data-connector.sources.$id.tsx", (i) => `/data-connector/sources/${i.source}`),
  s("$credentialForm.tsx", "/woocommerce"),
  s("_app.data-connector.data-stream._index.tsx", "/data-connector/data-stream"),
  s("_app.data-connector.data-stream.new.tsx", "/data-connector/data-stream/new"),
  s("_app.data-connector.data-stream.$id.tsx", (i) => `/data-connector/data-stream/${i.stream}`),
  s("_app.data-connector.data-stream.$id_.jobs.new.tsx", (i) => `/data-connector/data-stream/${i.stream}/jobs/new`),
  s("_app.data-connector.data-stream.$id_.jobs.$jobId.tsx", (i) => `/data-connector/data-stream/${i.stream}/jobs/${i.job}`),
  s("_app.data-connector.data-stream.$id_.jobs.$jobId_.edit.tsx", (i) => `/data-connector/data-stream/${i.stream}/jobs/${i.job}/edit`),
  s("_app.data-connector.destinations._index.tsx", "/data-connector/destinations"),
  s("_app.data-connector.destinations.new.tsx", "/data-connector/destinations/new"),
  s("_app.data-connector.destinations.$id.tsx", (i) => `/data-connector/destinations/${i.destination}`),
  s("_app.data-connector.local-storage._index.tsx", "/data-connector/local-storage"),
  s("_app.data-connector.local-storage.create.tsx", "/data-connector/local-storage/create"),
  s("_app.data-connector.local-storage.$id.tsx", (i) => `/data-connector/local-storage/${i.localStorage}`),
  s("_app.data-connector.connections.new.tsx", "/data-connector/connections/new"),
  s("_app.data-connector.connections.$id._index.tsx", (i) => `/data-connector/connections/${i.connection}`),
  s("_app.data-connector.connections.$id.details.tsx", (i) => `/data-connector/connections/${i.connection}/details`),
  s("_app.data-connector.api._index.tsx", "/data-connector/api"),
  s("_app.data-connector.api.$id.tsx", (i) => `/data-connector/api/${i.savedQuery}`),
  s("_app.data-connector.looker-studio.tsx", "/data-connector/looker-studio"),
  s("_app.data-connector.power-bi.tsx", "/data-connector/power-bi"),
  s("_app.data-connector.google-sheets.tsx", "/data-connector/google-sheets"),
  s("_app.data-connector.microsoft-excel.tsx", "/data-connector/microsoft-excel"),
  s("_app.templates.$templateType.use.tsx", "/templates/GOOGLE_SHEETS/use"),
  s("_app.data-sources._index.tsx", "/data-sources"),
  s("_app.data-sources.add.tsx", "/data-sources/add"),
  s("_app.clients.$clientId._index.tsx", (i) => `/clients/${i.client}`),
  s("_app.clients.$clientId.ads.tsx", (i) => `/clients/${i.client}/ads`),
  s("_app.clients.$clientId.alerts.create.default.tsx", (i) => `/clients/${i.client}/alerts/create/default`),
  s("_app.clients.$clientId.alerts.create.pacing.tsx", (i) => `/clients/${i.client}/alerts/create/pacing`),
  s("_app.clients.$clientId.alerts.create.cross-platform.tsx", (i) => `/clients/${i.client}/alerts/create/cross-platform`),
  s("_app.clients.$clientId.alerts.edit.$alertId.tsx", (i) => `/clients/${i.client}/alerts/edit/${i.alert}`),
  s("_app.clients.$clientId.anomalies.tsx", (i) => `/clients/${i.client}/anomalies`),
  s("_app.clients.$clientId.details.$configuredForId.tsx", (i) => `/clients/${i.client}/details/${i.configuredFor}`),
  s("_app.clients.$clientId.objectives.tsx", (i) => `/clients/${i.client}/objectives`),
  s("_app.clients.$clientId.pacing.tsx", (i) => `/clients/${i.client}/pacing`),
  s("_app.clients.$clientId.settings.tsx", (i) => `/clients/${i.client}/settings`),
  s("_app.clients.$clientId.options.url-checker.tsx", (i) => `/clients/${i.client}/options/url-checker`),
  s("_app.clients.$clientId.options.security.tsx", (i) => `/clients/${i.client}/options/security`),
  s("_app.clients.$clientId.options.conversion-tag.tsx", (i) => `/clients/${i.client}/options/conversion-tag`),
  s("_app.clients.$clientId.options.product-availability.tsx", (i) => `/clients/${i.client}/options/product-availability`),
  s("_app.company.settings_.alerts.templates._index.tsx", "/company/settings/alerts/templates"),
  s("_app.company.settings_.alerts.templates.create.$id.tsx", (i) => `/company/settings/alerts/templates/create/${i.template}`),
  s("_app.company.settings_.alerts.templates.$id.edit.tsx", (i) => `/company/settings/alerts/templates/${i.template}/edit`),
  s("_app.settings._index.tsx", "/settings"),
  s("_app.settings.users.tsx", "/settings/users"),
  s("_app.settings.api-key.tsx", "/settings/api-key"),
  s("_app.settings.notifications.tsx", "/settings/notifications"),
  s("_app.settings.currency.tsx", "/settings/currency"),
  s("_app.data-connector.client-links.tsx", "/data-connector/client-links"),
  s("_app.settings.connected-apps.tsx", "/settings/connected-apps"),
  s("_app.profile.tsx", "/profile"),
  s("_app.help.tsx", "/help"),
  s("_app.billing-space.tsx", "/billing-space"),
  s("_app.buy.tsx", "/buy"),
  s("_app.success.tsx", "/success"),
  // The platform admin.
  s("admin._index.tsx", "/admin", "admin"),
  s("admin.companies.tsx", "/admin/companies", "admin"),
  s("admin.users.tsx", "/admin/users", "admin"),
  s("admin.google_data_studio.tsx", "/admin/google_data_studio", "admin"),
  s("admin.google_data_studio_.new.tsx", "/admin/google_data_studio/new", "admin"),
  s("admin.google_data_studio_.$id.tsx", (i) => `/admin/google_data_studio/${i.gdsField}`, "admin"),
];

/**
 * Route files with a component that are not screens of their own: layouts (their pages are
 * listed), redirects and callbacks that answer with another page, and the development outbox.
 */
export const NOT_SCREENS: Record<string, string> = {
  "_app.tsx": "the signed-in shell, around every _app screen",
  "admin.tsx": "the admin layout, around every admin screen",
  "_app.settings.tsx": "the settings layout, around the settings screens",
  "_app.clients.$clientId.tsx": "the client area's layout, around the client screens",
  "oauth2-authorize._index.tsx": "redirects to the platform's connector page (oauth2-authorize.$platform)",
  "oauth2-authorize.$platform_.handoff.tsx": "the last step of an OAuth flow started from Looker Studio (covered by register-mode specs)",
  "oauth2.authorize.$platform.response.tsx": "a platform's OAuth callback, redirects",
  "redirect.tsx": "redirects to a BI tool",
  "link-to.$platform.tsx": "redirects to the platform's consent page",
  "signup_.verify.$token.tsx": "needs a mailed token (covered by the account specs)",
  "notifications.slack.callback.tsx": "Slack's OAuth callback, redirects",
  "dev.outbox.tsx": "development tool, off in production",
};

/** The ids of the demo company's seeded objects (the first of each kind). */
export async function seededIds(): Promise<SeededIds> {
  const url = readE2EState().databaseUrl;
  if (!url) throw new Error("the e2e stack did not record its database");
  return withPgClient(url, async (client) => {
    const one = async (sql: string): Promise<number> => {
      const r = await client.query(sql);
      if (!r.rows[0]) throw new Error(`the demo seed has nothing for: ${sql}`);
      return Number(r.rows[0].id);
    };
    const company = await one(`select c.id from companies c join users u on u.company_id = c.id where u.email = 'demo@signalpost.local'`);
    const where = `where company_id = ${company} order by id limit 1`;
    const client_ = await one(`select id from data_sources ${where}`);
    return {
      company,
      client: client_,
      configuredFor: await one(`select id from configured_fors where data_source_id = ${client_} order by id limit 1`),
      alert: await one(`select s.id from sentries s join configured_fors cf on cf.sentry_id = s.id where cf.data_source_id = ${client_} order by s.id limit 1`),
      template: await one(`select id from sentries where company_id = ${company} and use_as_template order by id limit 1`),
      stream: await one(`select id from datastreams ${where}`),
      job: await one(`select id from datastream_jobs ${where}`),
      destination: await one(`select id from destinations ${where}`),
      source: await one(`select id from network_authorizations ${where}`),
      savedQuery: await one(`select id from saved_queries ${where}`),
      connection: await one(`select id from connections ${where}`),
      localStorage: await one(`select id from local_storages ${where}`),
      gdsField: await one(`select id from gds_fields order by id limit 1`),
    };
  });
}

// Issue 15 item 2, replayed: an attacker's add-in makes a uuid, and the attacker gets a signed-in
// victim to open /link-to/excel?uuid=<it> (a link, a redirect, a page that navigates there). The
// page used to submit itself, and POST /addons/link/<uuid> then gave the attacker tokens reading
// the victim's company. Now nothing links without the confirmation POST, from our own origin.
// (The in-browser replay, with the page's scripts running, is tests/e2e/connected-apps.spec.ts.)
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase } from "../support/database.js";
import { makeSignedInDemoCompany } from "../support/demo-company.js";
import { formPost, get, settle } from "../support/requests.js";
import { startBuiltApp } from "../support/built-app.js";
import type { DB } from "../../db/connection.js";
import { upsertOauthClient } from "../../db/repositories/oauth-provider.js";

let db: DB;
let drop: () => Promise<void>;
let app: Awaited<ReturnType<typeof startBuiltApp>>;
let victim: Awaited<ReturnType<typeof makeSignedInDemoCompany>>;
type Mod = { loader: (a: any) => Promise<unknown>; action: (a: any) => Promise<unknown> };
let linkTo: Mod;
let claimRoute: Mod;

const CLIENT = "theft-addins";

/** What the attacker's add-in does: poll for tokens. */
async function attackerClaims(uuid: string): Promise<Response> {
  const request = new Request(`http://localhost:3000/addons/link/${uuid}`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ client_id: CLIENT }) });
  return settle(() => claimRoute.action({ request, params: { uuid }, context: {} }));
}

const linkedRows = async (uuid: string) => db.selectFrom("addonLinks").selectAll().where("uuid", "=", uuid).where("linkedAt", "is not", null).execute();

beforeAll(async () => {
  ({ db, drop } = await createTestDatabase());
  linkTo = (await import("~/routes/link-to.$platform")) as unknown as Mod;
  claimRoute = (await import("~/routes/addons.link.$uuid")) as unknown as Mod;
  await upsertOauthClient(db, { id: CLIENT, name: "Signalpost add-ons", secretDigest: null, public: true, redirectUris: [] });
  victim = await makeSignedInDemoCompany(db, "Victim");
  app = await startBuiltApp();
});
afterAll(async () => {
  await app.close();
  await drop();
});

describe("the link-to theft", () => {
  it("opening the page (server-rendered or as data) links nothing: it asks", async () => {
    const uuid = randomUUID();
    const page = await fetch(`${app.url}/link-to/excel?uuid=${uuid}`, { headers: { cookie: victim.cookie } });
    expect(page.status).toBe(200);
    const html = (await page.text()).replace(/<!-- -->/g, "");
    // The page names the add-in, the company and what it will read, and shows the check code.
    expect(html).toContain("Link Microsoft Excel to your account?");
    expect(html).toContain(victim.company.name);
    expect(html).toContain("read their data");
    expect(html).toContain(uuid.slice(0, 4).toUpperCase());
    const data = await fetch(`${app.url}/link-to/excel?uuid=${uuid}&_data=${encodeURIComponent("routes/link-to.$platform")}`, { headers: { cookie: victim.cookie } });
    expect((await data.json()).state).toBe("new");
    expect(await linkedRows(uuid)).toEqual([]);
    expect((await attackerClaims(uuid)).status).toBe(404);
  });

  it("the POST the old page sent by itself (uuid only, no confirmation answer) links nothing", async () => {
    const uuid = randomUUID();
    const res = await settle(() => linkTo.action({ request: formPost("/link-to/excel", { uuid }, { cookie: victim.cookie }), params: { platform: "excel" }, context: {} }));
    expect(res.status).toBe(302);
    expect(await linkedRows(uuid)).toEqual([]);
    expect((await attackerClaims(uuid)).status).toBe(404);
  });

  it("a cross-origin confirmation POST is refused with 403 (document and data requests) and links nothing", async () => {
    const uuid = randomUUID();
    const body = new URLSearchParams({ uuid, decision: "link" }).toString();
    for (const path of ["/link-to/excel", `/link-to/excel?_data=${encodeURIComponent("routes/link-to.$platform")}`]) {
      for (const fetchSite of ["cross-site", null]) {
        const headers: Record<string, string> = { origin: "https://evil.example", "content-type": "application/x-www-form-urlencoded", cookie: victim.cookie };
        if (fetchSite) headers["sec-fetch-site"] = fetchSite;
        const res = await fetch(`${app.url}${path}`, { method: "POST", redirect: "manual", headers, body });
        expect(res.status, `${path} ${fetchSite}`).toBe(403);
      }
    }
    expect(await linkedRows(uuid)).toEqual([]);
    expect((await attackerClaims(uuid)).status).toBe(404);
  });

  it("the confirmation click from our own page links once; the add-in claims once", async () => {
    const uuid = randomUUID();
    const res = await fetch(`${app.url}/link-to/excel`, {
      method: "POST",
      redirect: "manual",
      headers: { origin: app.url, "sec-fetch-site": "same-origin", "content-type": "application/x-www-form-urlencoded", cookie: victim.cookie },
      body: new URLSearchParams({ uuid, decision: "link" }).toString(),
    });
    expect(res.status).toBe(302);
    expect(await linkedRows(uuid)).toHaveLength(1);
    const page = await settle(() => linkTo.loader({ request: get(`/link-to/excel?uuid=${uuid}`, { cookie: victim.cookie }), params: { platform: "excel" }, context: {} }));
    expect((await page.json()).state).toBe("linked");
    const claimed = await attackerClaims(uuid);
    expect(claimed.status).toBe(200);
    expect((await claimed.json()).access_token).toBeTruthy();
    expect((await attackerClaims(uuid)).status).toBe(404);
  });
});

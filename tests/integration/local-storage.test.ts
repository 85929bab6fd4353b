// Issue 9: the local-storage pipeline builder: create, the spec 2 §5 messages, a foreign account
// refused, a preview of at most 100 rows combined from the sources, and another company's 404.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase } from "../support/database.js";
import { makeSignedInDemoCompany } from "../support/demo-company.js";
import { formPost, get, settle } from "../support/requests.js";
import type { DB } from "../../db/connection.js";
import { resetEnvCache } from "../../lib/env.js";

let db: DB;
let drop: () => Promise<void>;
let create: typeof import("~/routes/_app.data-connector.local-storage.create");
let builder: typeof import("~/routes/_app.data-connector.local-storage.$id");
let list: typeof import("~/routes/_app.data-connector.local-storage._index");

const company = (name: string) => makeSignedInDemoCompany(db, name, ["demo-paris", "demo-new-york"]);

let mine: Awaited<ReturnType<typeof company>>;
let theirs: Awaited<ReturnType<typeof company>>;

beforeAll(async () => {
  ({ db, drop } = await createTestDatabase());
  resetEnvCache();
  create = await import("~/routes/_app.data-connector.local-storage.create");
  builder = await import("~/routes/_app.data-connector.local-storage.$id");
  list = await import("~/routes/_app.data-connector.local-storage._index");
  mine = await company("Mine");
  theirs = await company("Theirs");
});
afterAll(async () => {
  await new Promise((r) => setTimeout(r, 300));
  await drop();
});

async function newPipeline(cookie: string): Promise<string> {
  const res = await settle(() => create.action({ request: formPost("/data-connector/local-storage/create", {}, { cookie }), params: {}, context: {} }));
  expect(res.status).toBe(302);
  return res.headers.get("location")!.split("/").pop()!;
}

function addSource(id: string, cookie: string, fields: Record<string, string>, extra: Array<[string, string]> = []) {
  const req = formPost(`/data-connector/local-storage/${id}`, { intent: "add-source", ...fields }, { cookie });
  const body = new URLSearchParams({ intent: "add-source", ...fields });
  for (const [k, v] of extra) body.append(k, v);
  const withExtra = new Request(req.url, { method: "POST", headers: req.headers, body: body.toString() });
  return settle(() => builder.action({ request: withExtra, params: { id }, context: {} }));
}

describe("local-storage pipelines", () => {
  it("validates sources with the spec's messages and refuses a foreign account", async () => {
    const id = await newPipeline(mine.cookie);
    const empty = await addSource(id, mine.cookie, {});
    expect(empty.status).toBe(400);
    const errs = (await empty.json()).result.error;
    expect(errs.platform).toEqual(["You need to set a platform."]);
    expect(errs.accountId).toEqual(["You need to set an account ID."]);
    expect(errs.fields).toEqual(["You need to select at least one field."]);
    const noFields = await addSource(id, mine.cookie, { platform: "demo", accountId: "demo-paris", authorizationId: String(mine.sourceId) });
    expect((await noFields.json()).result.error.fields).toEqual(["You need to select at least one field."]);
    const foreign = await addSource(id, mine.cookie, { platform: "demo", accountId: "demo-paris", authorizationId: String(theirs.sourceId) }, [["fields", "clicks"]]);
    expect(foreign.status).toBe(400);
    expect((await foreign.json()).result.error.authorizationId[0]).toMatch(/is not one of your/);
    expect(await db.selectFrom("localStorageSources").selectAll().where("localStorageId", "=", Number(id)).execute()).toHaveLength(0);
  });

  it("previews at most 100 rows combined from its sources", async () => {
    const id = await newPipeline(mine.cookie);
    for (const account of ["demo-paris", "demo-new-york"]) {
      const res = await addSource(id, mine.cookie, { platform: "demo", accountId: account, authorizationId: String(mine.sourceId) }, [["fields", "date"], ["fields", "campaign_name"], ["fields", "clicks"]]);
      expect(res.status).toBe(302);
    }
    const page = await settle(() => builder.loader({ request: get(`/data-connector/local-storage/${id}`, { cookie: mine.cookie }), params: { id }, context: {} }));
    const data = await page.json();
    expect(data.sources).toHaveLength(2);
    expect(data.preview.errors).toEqual([]);
    expect(data.preview.rows.length).toBeGreaterThan(0);
    expect(data.preview.rows.length).toBeLessThanOrEqual(100);
    expect(data.preview.columns).toEqual(expect.arrayContaining(["source", "date", "campaign_name", "clicks"]));
    const listed = await (await settle(() => list.loader({ request: get("/data-connector/local-storage", { cookie: mine.cookie }), params: {}, context: {} }))).json();
    expect(listed.pipelines.find((p: { id: number }) => p.id === Number(id)).sources).toBe(2);
  });

  it("another company's pipeline is a 404 and leaks nothing", async () => {
    const id = await newPipeline(mine.cookie);
    const view = await settle(() => builder.loader({ request: get(`/data-connector/local-storage/${id}`, { cookie: theirs.cookie }), params: { id }, context: {} }));
    expect(view.status).toBe(404);
    const post = await addSource(id, theirs.cookie, { platform: "demo", accountId: "demo-paris", authorizationId: String(theirs.sourceId) }, [["fields", "clicks"]]);
    expect(post.status).toBe(404);
    const listed = await (await settle(() => list.loader({ request: get("/data-connector/local-storage", { cookie: theirs.cookie }), params: {}, context: {} }))).json();
    expect(listed.pipelines).toEqual([]);
  });
});

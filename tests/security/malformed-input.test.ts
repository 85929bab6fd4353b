// Issue 14 §5: no 5xx on bad input, anywhere. Every action and every loader with an id, taken from
// the route list (tests/support/route-list.ts), gets hostile requests through the real web server
// (express + Remix, as `npm start` serves it): wrong content types, empty, broken and oversized
// bodies, NUL and control characters, CR/LF, very long strings, unknown enum values, out-of-range
// ids, forged hidden state, hostile Host headers and cross-origin submissions. None may answer
// 5xx; the ones that must be refused answer 4xx and leave every table as it was. Each kind of
// request issue 14 saw answered 500 is also replayed by name, with the answer it must get.
import fs from "node:fs";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import type { DB } from "../../db/connection.js";
import { startSourceApp, type ServedApp } from "../support/built-app.js";
import { rawRequest, type RawRequest, type RawResponse } from "../support/requests.js";
import { createTestDatabase } from "../support/database.js";
import { changedTables, tableFingerprint, UNTRACKED_TABLES } from "../support/db-fingerprint.js";
import { appRoutes, baseForm, fieldKinds, formShape, paramMeaning, routePath, routeSource, textParam, type AppRoute } from "../support/route-list.js";
import { makeTenant, type Tenant } from "../support/tenant.js";

const PATH_IDS = ["9007199254740993", "1e309", "-1", "0", "abc", "2147483648", "%00"];
const FIELD_IDS = ["9007199254740993", "2147483648", "-1"];

const NUL = "a\u0000b";
const CONTROL = "a\u0001\u001b[31mb\u007f";
const CRLF = "line one\r\nSet-Cookie: injected=1\r\n";
const LONG = "x".repeat(70_000);
const UNKNOWN = "zz-unknown-value";
const FORGED_STATE = ["{", "[]", '{"__proto__":{"polluted":1}}', JSON.stringify({ networkAuthorizationId: 9007199254740993, dataSourceIds: [-1], report: UNKNOWN })];

type Attempt = { route: string; label: string; request: RawRequest; mustRefuse: boolean; page?: boolean };
type Outcome = Attempt & { status: number; wrote: string[]; body: string };

let db: DB;
let drop: () => Promise<void>;
let server: ServedApp;

beforeAll(async () => {
  process.env.TEMPORAL_ADDRESS = inject("temporalAddress");
  process.env.TEMPORAL_TASK_QUEUE = `malformed-${process.pid}`;
  ({ db, drop } = await createTestDatabase());
  server = await startSourceApp();
});

afterAll(async () => {
  await server?.close();
  await drop?.();
});

const urlencoded = (fields: Record<string, string>) => new URLSearchParams(fields).toString();

/** A browser-style form post from the app's own origin; `headers` override (an empty value drops one). */
function formPost(path: string, body: string | undefined, cookie: string | undefined, headers: Record<string, string> = {}): RawRequest {
  return { method: "POST", path, headers: { ...(cookie ? { cookie } : {}), origin: new URL(server.url).origin, "content-type": "application/x-www-form-urlencoded", ...headers }, body };
}

/** One request through the web server, and the tables it changed. */
async function send(request: RawRequest): Promise<RawResponse & { wrote: string[] }> {
  const before = await tableFingerprint(db, UNTRACKED_TABLES);
  const res = await rawRequest(server, request);
  return { ...res, wrote: changedTables(before, await tableFingerprint(db, UNTRACKED_TABLES)) };
}

function actionAttempts(route: AppRoute, path: string, cookie: string | undefined, tenant: Tenant): Attempt[] {
  const shape = formShape(route);
  const dataPath = `${path}${path.includes("?") ? "&" : "?"}_data=${encodeURIComponent(route.id)}`;
  const post = (label: string, mustRefuse: boolean, body: string | undefined, headers: Record<string, string> = {}, to = path): Attempt => ({
    route: route.id,
    label,
    mustRefuse,
    request: formPost(to, body, cookie, headers),
  });
  const first = urlencoded(baseForm(route, tenant.ids, shape.intents[0]));
  // The route itself switches on an intent: an unknown one can only be refused.
  const hasIntent = /\bintent\b/.test(routeSource(route));
  const attempts: Attempt[] = [
    post("JSON body", true, JSON.stringify(Object.fromEntries(new URLSearchParams(first))), { "content-type": "application/json" }),
    post("JSON body (data request)", true, JSON.stringify(Object.fromEntries(new URLSearchParams(first))), { "content-type": "application/json" }, dataPath),
    post("text/plain body", true, first, { "content-type": "text/plain" }),
    post("body without a content type", true, first, { "content-type": "" }),
    post("empty body without a content type", false, undefined, { "content-type": "" }),
    post("empty form", false, ""),
    post("multipart with a wrong boundary", true, '--other\r\ncontent-disposition: form-data; name="intent"\r\n\r\nx\r\n--other--\r\n', { "content-type": "multipart/form-data; boundary=expected" }),
    post("multipart with a file", true, '--b\r\ncontent-disposition: form-data; name="name"; filename="x.bin"\r\ncontent-type: application/octet-stream\r\n\r\n\u0000\u0001\r\n--b--\r\n', { "content-type": "multipart/form-data; boundary=b" }),
    post("bad percent-encoding", false, "intent=%zz&name=%E0%A4%A"),
    post("2 MB body", true, `${first}&padding=${"p".repeat(2_000_000)}`),
    { ...post("cross-origin Origin", true, first, { origin: "http://evil.test" }), page: !route.isResource },
    post("cross-origin (data request)", true, first, { origin: "http://evil.test" }, dataPath),
    post("Origin null", true, first, { origin: "null" }),
    post("Origin that is not a URL", true, first, { origin: "not a url" }),
    post("cross-site fetch metadata", true, first, { origin: "", "sec-fetch-site": "cross-site" }),
    post("Host header that is not a host", true, first, { host: "evil host:80", origin: "" }),
  ];
  if (hasIntent) attempts.push(post("unknown intent", true, urlencoded({ ...Object.fromEntries(new URLSearchParams(first)), intent: UNKNOWN })));
  // readForm refuses these before any intent is looked at: once per route is enough.
  const fields = [...shape.fields.filter((f) => f !== "intent"), "comment"];
  const hostile = (value: string) => urlencoded({ ...Object.fromEntries(new URLSearchParams(first)), ...Object.fromEntries(fields.map((f) => [f, value])) });
  attempts.push(post("NUL in every field", true, hostile(NUL)));
  attempts.push(post("control characters in every field", true, hostile(CONTROL)));
  attempts.push(post("70,000-character strings", true, hostile(LONG)));

  for (const intent of shape.intents.length ? shape.intents : [undefined]) {
    const form = baseForm(route, tenant.ids, intent);
    // "comment" is read by no route: a hostile value is refused even in a field nobody reads.
    const textFields = [...shape.fields.filter((f) => f !== "intent" && fieldKinds(route, f).length === 0), "comment"];
    const idFields = shape.fields.filter((f) => fieldKinds(route, f).length > 0);
    const stateFields = textFields.filter((f) => /state|definition|json|payload|variables|requests/i.test(f));
    const each = (value: string, fields: string[]) => urlencoded({ ...form, ...Object.fromEntries(fields.map((f) => [f, value])) });
    const tag = intent ? ` (intent ${intent})` : "";
    // Accepted or refused, but never a 5xx: CR/LF is legitimate in text areas, unknown values and
    // bad ids may sit in fields this intent does not read.
    attempts.push(post(`CR/LF in every field${tag}`, false, each(CRLF, textFields)));
    attempts.push(post(`unknown values in every field${tag}`, false, each(UNKNOWN, textFields)));
    for (const forged of stateFields.length ? FORGED_STATE : []) attempts.push(post(`forged hidden state ${forged.slice(0, 24)}${tag}`, false, each(forged, stateFields)));
    for (const bad of idFields.length ? FIELD_IDS : []) attempts.push(post(`id fields = "${bad}"${tag}`, false, each(bad, idFields)));
  }
  return attempts;
}

function loaderAttempts(route: AppRoute, fill: (param: string) => string, cookie: string | undefined): Attempt[] {
  const get = (label: string, path: string): Attempt => ({ route: route.id, label, mustRefuse: false, request: { method: "GET", path, headers: cookie ? { cookie } : {} } });
  const attempts: Attempt[] = [];
  for (const param of route.params) {
    if (!("id" in paramMeaning(route, param))) continue;
    for (const bad of PATH_IDS) attempts.push(get(`${param} = "${bad}"`, routePath(route, (p) => (p === param ? "\u0001" : fill(p))).replace("%01", bad)));
  }
  const path = routePath(route, fill);
  const queryParams = formShape(route).queryParams;
  for (const q of queryParams) attempts.push(get(`?${q}=9007199254740993`, `${path}?${q}=9007199254740993`));
  if (queryParams.length) attempts.push(get(`?${queryParams[0]} with CR/LF and NUL`, `${path}?${queryParams[0]}=%0D%0ALocation:%20http://evil.test%00`));
  return attempts;
}

/**
 * Pages meant for signed-out visitors (sign-in, sign-up, invitation and reset links) send a
 * signed-in visitor away, which would hide their action's answer: they are swept signed out.
 */
async function forSignedOutVisitors(path: string, cookie: string): Promise<boolean> {
  const signedIn = await rawRequest(server, { method: "GET", path, headers: { cookie } });
  if (signedIn.status < 300 || signedIn.status >= 400) return false;
  const signedOut = await rawRequest(server, { method: "GET", path });
  return !String(signedOut.headers.location ?? "").startsWith("/login");
}

describe("the bad input issue 14 saw answered with 500, by name", () => {
  let who: Tenant;
  let other: Tenant;
  beforeAll(async () => {
    who = await makeTenant(db, "Named");
    other = await makeTenant(db, "Other");
  });
  const post = (path: string, fields: Record<string, string> | string | undefined, headers: Record<string, string> = {}) =>
    send(formPost(path, typeof fields === "object" ? urlencoded(fields) : fields, who.cookie, headers));
  const deleteQuery = () => ({ intent: "delete", id: String(who.ids.savedQuery) });

  it("a JSON, text/plain or empty body to a form action is a 415 that says what the form accepts, and writes nothing", async () => {
    const bodies: Array<[string, string | undefined, Record<string, string>]> = [
      ["JSON", JSON.stringify(deleteQuery()), { "content-type": "application/json" }],
      ["text/plain", urlencoded(deleteQuery()), { "content-type": "text/plain" }],
      ["empty, no content type", undefined, { "content-type": "" }],
    ];
    for (const [name, body, headers] of bodies) {
      for (const path of ["/data-connector/power-bi", "/data-connector/power-bi?_data=routes%2F_app.data-connector.power-bi"]) {
        const res = await post(path, body, headers);
        expect(res.status, `${name} ${path}`).toBe(415);
        expect(res.body, `${name} ${path}`).toContain("This address accepts web forms only");
        expect(res.wrote, `${name} ${path}`).toEqual([]);
      }
    }
  });

  it("a NUL byte in stored text is a 400 naming the field, and writes nothing", async () => {
    const res = await post("/profile?_data=routes%2F_app.profile", { intent: "names", firstName: "a\u0000b", lastName: "Owner" });
    expect(res.status).toBe(400);
    expect(JSON.parse(res.body)).toEqual({ message: 'The field "firstName" contains a control character (U+0000), which is not allowed.' });
    expect(res.wrote).toEqual([]);
  });

  // conform reads `userIds[10000000]` as a ten-million-item list (one such request exhausted the
  // web process's memory) and gathers a repeated name in quadratic time: readForm refuses both
  // before any schema runs (decision 0950).
  it("a list position over 999 or a name sent over 2,000 times is a 400 naming the field, and writes nothing", async () => {
    const settings = `/clients/${who.ids.account}/settings?_data=${encodeURIComponent("routes/_app.clients.$clientId.settings")}`;
    const far = await post(settings, `intent=assignees&confirmNobody=1&userIds%5B200000%5D=${who.userId}`);
    expect(far.status).toBe(400);
    expect(JSON.parse(far.body)).toEqual({ message: 'The field "userIds[200000]" names a list position over 999; no form has lists that long.' });
    expect(far.wrote).toEqual([]);
    const repeated = await post(settings, `intent=assignees&${Array.from({ length: 2_001 }, () => `userIds=${who.userId}`).join("&")}`);
    expect(repeated.status).toBe(400);
    expect(JSON.parse(repeated.body)).toEqual({ message: 'The field "userIds" is sent more than 2,000 times.' });
    expect(repeated.wrote).toEqual([]);
  });

  it("an unknown report on the job edit screen is a field error, and writes nothing", async () => {
    const edit = `/data-connector/data-stream/${who.ids.stream}/jobs/${who.ids.job}/edit`;
    const form = new URLSearchParams({ intent: "save", name: "Renamed", mode: "specific", dataSourceIds: String(who.ids.account), report: UNKNOWN, fields: "date", recurrency: "0 0 1 1 *", date: "LAST_7_DAYS", tableName: "renamed_table" });
    const res = await post(`${edit}?_data=${encodeURIComponent("routes/_app.data-connector.data-stream.$id_.jobs.$jobId_.edit")}`, form.toString());
    expect(res.status).toBe(400);
    expect((JSON.parse(res.body) as { errors: Record<string, string[]> }).errors.report).toEqual(["This report does not exist for this platform."]);
    expect(res.wrote).toEqual([]);
  });

  it("an id beyond 2^53 on /data-connector/power-bi is a 404 for the delete and an ordinary page for the links", async () => {
    const res = await post("/data-connector/power-bi", { intent: "delete", id: "9007199254740993" });
    expect(res.status).toBe(404);
    expect(res.body).toContain("This saved query does not exist.");
    expect(res.wrote).toEqual([]);
    const page = await send({ method: "GET", path: "/data-connector/power-bi?delete=9007199254740993&url=9007199254740993&page=9007199254740993", headers: { cookie: who.cookie } });
    expect(page.status).toBe(200);
    expect(page.body).toContain(who.marker);
  });

  it("CR/LF in redirectTo never reaches a header: the sign-in page and the redirect page answer without it", async () => {
    const crlf = encodeURIComponent("/data-connector\r\nSet-Cookie: injected=1");
    const answers = [
      await send({ method: "GET", path: `/login?redirectTo=${crlf}` }),
      await send({ method: "GET", path: `/login?redirectTo=${crlf}`, headers: { cookie: who.cookie } }),
      await send({ method: "GET", path: `/redirect?type=LOOKER_STUDIO&redirectTo=${crlf}`, headers: { cookie: who.cookie } }),
      await send(formPost("/login", urlencoded({ intent: "login", email: "nobody@example.test", password: "wrong", redirectTo: decodeURIComponent(crlf) }), undefined)),
    ];
    for (const res of answers) {
      expect(res.status).toBeLessThan(500);
      expect(JSON.stringify(res.headers)).not.toContain("injected");
    }
    // Signed in, the sign-in page sends the visitor on, to a target without the line break.
    expect(answers[1]!.status).toBe(302);
    expect(answers[1]!.headers.location).toBe("/");
  });

  it("a cross-origin document POST is a 403 page, and writes nothing", async () => {
    for (const origin of ["http://evil.test", "null"]) {
      const res = await post("/data-connector/power-bi", deleteQuery(), { origin });
      expect(res.status, origin).toBe(403);
      expect(res.headers["content-type"], origin).toMatch(/^text\/html/);
      expect(res.body, origin).toContain("<h1>Cross-site form submissions are not accepted.</h1>");
      expect(res.wrote, origin).toEqual([]);
    }
  });

  it("a forged account id in the job wizard's state is a form error, and writes nothing", async () => {
    const wizard = `/data-connector/data-stream/${who.ids.stream}/jobs/new?_data=${encodeURIComponent("routes/_app.data-connector.data-stream.$id_.jobs.new")}`;
    for (const forged of [other.ids.account, 9007199254740993, -1]) {
      const state = JSON.stringify({ name: "Forged", mode: "specific", dataSourceIds: [forged], report: "campaigns", fields: ["date", "clicks"], renames: {} });
      const res = await post(wizard, { step: "deployment", state, recurrency: "0 0 1 1 *", date: "LAST_7_DAYS", tableName: "forged_table" });
      expect(res.status, String(forged)).toBe(400);
      expect(res.body, String(forged)).toMatch(/accounts is not an account|earlier steps are incomplete/);
      expect(res.wrote, String(forged)).toEqual([]);
    }
  });
});

describe("malformed input on every route", () => {
  it("answers no 5xx, refuses with 4xx and writes nothing", { timeout: 900_000 }, async () => {
    const routes = await appRoutes();
    const outcomes: Outcome[] = [];
    for (const route of routes) {
      if (!route.hasAction && !(route.hasLoader && route.params.length)) continue;
      // A fresh company per route: an accepted request (a delete, a rename) never starves the next route.
      const tenant = await makeTenant(db, "Sweep", { admin: true });
      const fill = (param: string) => {
        const meaning = paramMeaning(route, param);
        return "id" in meaning ? String(meaning.id === "gdsField" ? 1 : tenant.ids[meaning.id]) : textParam(meaning.text);
      };
      const path = routePath(route, fill) + (route.index ? "?index" : "");
      const cookie = route.hasLoader && (await forSignedOutVisitors(routePath(route, fill), tenant.cookie)) ? undefined : tenant.cookie;
      // What a page view writes is not the action's doing: a refused document post whose action
      // returns its errors renders the page again.
      const viewWrites = route.hasLoader ? (await send({ method: "GET", path: routePath(route, fill), headers: cookie ? { cookie } : {} })).wrote : [];
      let last = await tableFingerprint(db, UNTRACKED_TABLES);
      // Refusals first, each checked for writes; then the requests that may be accepted.
      const attempts = [...(route.hasAction ? actionAttempts(route, path, cookie, tenant) : []), ...(route.hasLoader ? loaderAttempts(route, fill, cookie) : [])].sort((a, b) => Number(b.mustRefuse) - Number(a.mustRefuse));
      // The database is fingerprinted once after the route's refusals (a digest of every row of every
      // table, the sweep's main cost when taken per request); a write found there is charged to them
      // all, then each is replayed alone on a fresh fingerprint to name the one that wrote.
      const answer = (attempt: (typeof attempts)[number]) => rawRequest(server, attempt.request).catch((error: Error) => ({ status: 0, body: `no answer: ${error.message}` }));
      const refusals = attempts.filter((a) => a.mustRefuse);
      const answers = [];
      // A dropped connection is no answer at all: counted with the 5xx.
      for (const attempt of refusals) answers.push(await answer(attempt));
      const afterRefusals = await tableFingerprint(db, UNTRACKED_TABLES);
      const routeWrote = changedTables(last, afterRefusals).filter((t) => !viewWrites.includes(t));
      last = afterRefusals;
      for (const [i, attempt] of refusals.entries()) {
        let wrote: string[] = [];
        if (routeWrote.length) {
          await answer(attempt);
          const now = await tableFingerprint(db, UNTRACKED_TABLES);
          wrote = changedTables(last, now).filter((t) => !viewWrites.includes(t));
          last = now;
        }
        outcomes.push({ ...attempt, status: answers[i].status, wrote, body: answers[i].body.slice(0, 600) });
      }
      if (routeWrote.length && !outcomes.some((o) => o.route === refusals[0]?.route && o.wrote.length)) {
        // Written by the batch but by no single replay: charged to the route's first refusal.
        outcomes.push({ ...refusals[0], status: answers[0].status, wrote: routeWrote, body: "the route's refusals together wrote these tables" });
      }
      for (const attempt of attempts.filter((a) => !a.mustRefuse)) {
        const res = await answer(attempt);
        outcomes.push({ ...attempt, status: res.status, wrote: [], body: res.body.slice(0, 600) });
      }
    }
    const line = (o: Outcome) => `${o.status} ${o.request.method} ${o.request.path.slice(0, 90)} [${o.route}] ${o.label}${o.status === 0 ? ` (${o.body})` : ""}${o.wrote.length ? ` wrote ${o.wrote.join(",")}` : ""}`;
    // SWEEP_DUMP=<file> keeps every answer for inspection.
    if (process.env.SWEEP_DUMP) fs.writeFileSync(process.env.SWEEP_DUMP, JSON.stringify(outcomes.map((o) => ({ ...o, line: line(o), request: { ...o.request, body: undefined } })), null, 1));
    const serverErrors = outcomes.filter((o) => o.status >= 500 || o.status === 0);
    const notRefused = outcomes.filter((o) => o.mustRefuse && !(o.status >= 400 && o.status < 500));
    const wrote = outcomes.filter((o) => o.wrote.length > 0);
    console.log(`${outcomes.length} malformed requests: ${serverErrors.length} answered 5xx, ${notRefused.length} not refused with 4xx, ${wrote.length} wrote`);
    expect(outcomes.length).toBeGreaterThanOrEqual(1000);
    expect(serverErrors.map(line)).toEqual([]);
    expect(notRefused.map(line)).toEqual([]);
    expect(wrote.map(line)).toEqual([]);
    // Issue 14: a cross-origin post to a page gets a 403 page, not Remix's empty 500.
    const crossSitePages = outcomes.filter((o) => o.page);
    expect(crossSitePages.length).toBeGreaterThan(30);
    expect(crossSitePages.filter((o) => o.status !== 403 || !o.body.includes("<h1>Cross-site form submissions are not accepted.</h1>")).map(line)).toEqual([]);
  });
});


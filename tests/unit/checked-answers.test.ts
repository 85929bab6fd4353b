// The rule that keeps platform answers parsed (scripts/lint/checked-answers.js, decision 0940):
// type arguments and casts on `.json()` are reported with or without type information; a call
// left without its parser yet typed from its context is reported when the program is known.
import path from "node:path";
import { RuleTester } from "eslint";
import { typedRuleTester } from "../support/rule-testers.js";
import tseslint from "typescript-eslint";
import { afterAll, describe, it } from "vitest";
import rule from "../../scripts/lint/checked-answers.js";

// RuleTester runs its cases through the test framework's hooks (its typings omit afterAll).
Object.assign(RuleTester, { afterAll, describe, it });

// What the engine's HttpClient and HttpResponse declare, so the typed cases resolve `parser`.
const CLIENT = `
interface Parser<T> { parse(data: unknown): T }
interface Response { json<T = unknown>(parser?: Parser<T>): T }
declare const http: { json<T = unknown>(req: { url: string }, parser?: Parser<T>): Promise<T>; request(req: { url: string }): Promise<Response> };
declare const schema: Parser<{ n: number }>;
`;

const syntactic = new RuleTester({ languageOptions: { parser: tseslint.parser, ecmaVersion: 2022, sourceType: "module" } });
syntactic.run("checked-answers", rule, {
  valid: [
    { code: `const body = await ctx.http.json({ url: "/me" }, schema);` },
    { code: `const body = (await ctx.http.request({ url: "/me" })).json(schema);` },
    { code: `await ctx.http.json({ url: "/ping" });` },
    // Generic calls of other methods, and casts of anything but a .json() result, are not this rule's.
    { code: `const rows = parse<Row>(text); const n = value as number;` },
    { code: `const body = JSON.parse(text) as Body;` },
  ],
  invalid: [
    { code: `const body = await ctx.http.json<Body>({ url: "/me" });`, errors: [{ messageId: "typeArguments" }] },
    { code: `const body = response.json<{ code?: string }>();`, errors: [{ messageId: "typeArguments" }] },
    { code: `const body = await session.json<Body>(ctx, { url: "/me" });`, errors: [{ messageId: "typeArguments" }] },
    { code: `const body = (await ctx.http.json({ url: "/me" })) as Body;`, errors: [{ messageId: "cast" }] },
    { code: `const body = <Body>response.json();`, errors: [{ messageId: "cast" }] },
    { code: `const body = response?.json()! as Body;`, errors: [{ messageId: "cast" }] },
  ],
});

const fixtures = path.resolve(import.meta.dirname, "fixtures/checked-answers");
const typed = typedRuleTester(fixtures);
const filename = path.join(fixtures, "connector.ts");
typed.run("checked-answers (typed)", rule, {
  valid: [
    { filename, code: `${CLIENT} export const a = await http.json({ url: "/me" }, schema);` },
    { filename, code: `${CLIENT} export const b = (await http.request({ url: "/me" })).json(schema);` },
    // Unused or left unknown, an answer claims nothing.
    { filename, code: `${CLIENT} await http.json({ url: "/ping" }); export const c = await http.json({ url: "/x" });` },
  ],
  invalid: [
    { filename, code: `${CLIENT} export const a: { n: number } = await http.json({ url: "/me" });`, errors: [{ messageId: "inferred" }] },
    { filename, code: `${CLIENT} export async function f(): Promise<string[]> { return (await http.request({ url: "/x" })).json(); }`, errors: [{ messageId: "inferred" }] },
    // The cast is reported once, as a cast.
    { filename, code: `${CLIENT} export const c = (await http.json({ url: "/me" })) as { n: number };`, errors: [{ messageId: "cast" }] },
  ],
});

// The rule that keeps actions on schemas (scripts/lint/form-schemas.js, decision 0950): `.get()`
// and `.getAll()` on a FormData are reported, by type when the program is known (whatever the
// variable's name) and by the usual names without it; the browser's pending submission
// (navigation.formData, fetcher.formData) and other `.get()` calls are not.
import path from "node:path";
import { RuleTester } from "eslint";
import { typedRuleTester } from "../support/rule-testers.js";
import tseslint from "typescript-eslint";
import { afterAll, describe, it } from "vitest";
import rule from "../../scripts/lint/form-schemas.js";

// RuleTester runs its cases through the test framework's hooks (its typings omit afterAll).
Object.assign(RuleTester, { afterAll, describe, it });

const syntactic = new RuleTester({ languageOptions: { parser: tseslint.parser, ecmaVersion: 2022, sourceType: "module" } });
syntactic.run("form-schemas", rule, {
  valid: [
    { code: `const submission = parseWithZod(form, { schema });` },
    { code: `const q = url.searchParams.get("q"); const v = params.get("id"); const h = request.headers.get("origin");` },
    { code: `const busy = navigation.formData?.get("intent") === "save"; const on = fetcher.formData?.get("on");` },
    { code: `for (const [name, value] of form.entries()) use(name, value);` },
  ],
  invalid: [
    { code: `const intent = form.get("intent");`, errors: [{ messageId: "raw" }] },
    { code: `const ids = formData.getAll("userIds");`, errors: [{ messageId: "raw" }] },
    { code: `const id = body?.get("id");`, errors: [{ messageId: "raw" }] },
  ],
});

const fixtures = path.resolve(import.meta.dirname, "fixtures/form-schemas");
const typed = typedRuleTester(fixtures);
const filename = path.join(fixtures, "action.ts");
const READ = `declare function readForm(request: Request): Promise<FormData>; declare const request: Request;`;
typed.run("form-schemas (typed)", rule, {
  valid: [
    // Named like a form, typed as something else.
    { filename, code: `${READ} declare const form: URLSearchParams; export const a = form.get("q");` },
    { filename, code: `${READ} declare const form: Map<string, string>; export const b = form.get("k");` },
    { filename, code: `${READ} declare const navigation: { formData?: FormData }; export const busy = navigation.formData?.get("intent");` },
  ],
  invalid: [
    // Whatever it is called, through parentheses, await and `?.`.
    { filename, code: `${READ} export async function action() { return (await readForm(request)).get("intent"); }`, errors: [{ messageId: "raw" }] },
    { filename, code: `${READ} export async function action() { const submitted = await readForm(request); return submitted.getAll("ids"); }`, errors: [{ messageId: "raw" }] },
    { filename, code: `${READ} declare const maybe: FormData | undefined; export const c = maybe?.get("x");`, errors: [{ messageId: "raw" }] },
  ],
});

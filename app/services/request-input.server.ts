// How every action reads what a browser (or anyone) sent, and how input that cannot be right is
// refused: with a 4xx and a sentence the error box shows, before anything is written
// (docs/decisions/0830-reading-and-refusing-input.md).
import { parseWithZod } from "@conform-to/zod/v4";
import { json } from "@remix-run/node";
import { z } from "zod";
import { parseId } from "../../lib/ids.js";

/** More than any form of the product sends (the largest, a job's field list, is a few KB). */
export const MAX_FORM_BYTES = 1024 * 1024;
/** One value: far above any name, description or hidden state, far below what would hurt a page or a log. */
export const MAX_FIELD_CHARS = 65_536;

/**
 * The largest list position a field name may carry (`filters[3].field`). conform reads
 * `fields[10000000]` as a list of ten million items, which the schema then walks: one such name
 * exhausted the process's memory. Our longest indexed list is the alert editor's 20 filter rows.
 */
export const MAX_LIST_INDEX = 999;
const LIST_INDEX = /\[(\d+)\]/g;
/**
 * The most values one name may carry (`fields` of a job, checked many times). conform gathers a
 * repeated name in time that grows with the square of its count: 20,000 values kept the event
 * loop busy for seconds. A report's field picker lists a few hundred.
 */
export const MAX_VALUES_PER_NAME = 2_000;
/** The most values a form may carry in all (the job form, with a rename per field, sends about twice its fields). */
export const MAX_FORM_VALUES = 5_000;

const FORM_MEDIA_TYPES = new Set(["application/x-www-form-urlencoded", "multipart/form-data"]);
/**
 * C0 controls and DEL, except tab, line feed and carriage return (text areas send those). NUL is
 * refused by PostgreSQL in text; the others are never typed and only serve to forge log lines,
 * terminal escapes or look-alike names.
 */
// eslint-disable-next-line no-control-regex
const FORBIDDEN_CHARACTER = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/;

/** "U+0000" for the first character of `text` that no form or address may carry, else null. */
export function forbiddenCharacter(text: string): string | null {
  const bad = FORBIDDEN_CHARACTER.exec(text);
  return bad ? `U+${bad[0].charCodeAt(0).toString(16).toUpperCase().padStart(4, "0")}` : null;
}

type RefusalStatus = 400 | 403 | 404 | 405 | 409 | 413 | 415;

/** An answer to throw for input the request got wrong; the route's error boundary shows `message`. */
export function refuse(status: RefusalStatus, message: string): Response {
  return json({ message }, { status });
}

export function notFound(message = "This page does not exist or was deleted."): Response {
  return refuse(404, message);
}

/** The row id in a URL segment or query parameter; anything that cannot name a row answers 404. */
export function requireId(raw: string | null | undefined, message?: string): number {
  const id = parseId(raw);
  if (id === null) throw notFound(message);
  return id;
}

/**
 * The fields of a form nobody types (an intent button, a hidden row id), parsed by `schema`
 * through conform like every form. There is no field to show an error next to, so what fails is
 * refused (thrown) with `status` and the schema's first message, before anything is written.
 */
export function parseOrRefuse<Schema extends z.ZodType>(form: FormData, schema: Schema, status: RefusalStatus = 400): z.output<Schema> {
  const parsed = safeParseForm(form, schema);
  if (parsed.success) return parsed.data;
  throw refuse(status, parsed.error.issues[0]?.message ?? "This form cannot be sent here.");
}

type FormIssue = { path: string[]; message: string };

/**
 * zod's safeParse answer for a form parsed through conform (repeated names as lists, empty
 * values as missing, numbers and booleans coerced), for an action that words its errors itself.
 * Each issue's path is the field's name.
 */
export function safeParseForm<Schema extends z.ZodType>(form: FormData, schema: Schema): { success: true; data: z.output<Schema> } | { success: false; error: { issues: FormIssue[] } } {
  const submission = parseWithZod(form, { schema });
  if (submission.status === "success") return { success: true, data: submission.value };
  const issues = Object.entries(submission.error ?? {}).flatMap(([name, messages]) => (messages ?? []).map((message) => ({ path: name ? [name] : [], message })));
  return { success: false, error: { issues } };
}

/**
 * Which of `intents` the form was sent with (its `intent` field, parsed through conform like every
 * field), or undefined for any other value: for an action that hands some intents to another
 * schema or service before parsing the rest.
 */
export function submittedIntent<const Intents extends readonly [string, ...string[]]>(form: FormData, intents: Intents, field = "intent"): Intents[number] | undefined {
  const submission = parseWithZod(form, { schema: z.object({ [field]: z.enum(intents) }) });
  return submission.status === "success" ? (submission.value[field] as Intents[number]) : undefined;
}

const forms = new WeakMap<Request, Promise<FormData>>();

/**
 * The submitted form of a browser-style POST. Refuses (throws) a body that is not a web form (415),
 * larger than MAX_FORM_BYTES (413), unreadable, carrying files, a value longer than
 * MAX_FIELD_CHARS or a control character (400). Reading twice gives the same form, so a route may
 * look at the intent before handing the request on.
 */
export function readForm(request: Request): Promise<FormData> {
  let form = forms.get(request);
  if (!form) {
    form = parseForm(request);
    forms.set(request, form);
  }
  return form;
}

async function parseForm(request: Request): Promise<FormData> {
  const contentType = request.headers.get("content-type") ?? "";
  const mediaType = contentType.split(";")[0]!.trim().toLowerCase();
  if (!FORM_MEDIA_TYPES.has(mediaType)) {
    throw refuse(415, "This address accepts web forms only (application/x-www-form-urlencoded or multipart/form-data).");
  }
  const bytes = await readBody(request);
  let form: FormData;
  try {
    form = await new Response(bytes, { headers: { "Content-Type": contentType } }).formData();
  } catch {
    throw refuse(400, "The form could not be read: its content is not valid form data.");
  }
  const counts = new Map<string, number>();
  let total = 0;
  for (const [name, value] of form.entries()) {
    if (++total > MAX_FORM_VALUES) throw refuse(400, `The form carries more than ${MAX_FORM_VALUES.toLocaleString("en-US")} values; no form of this application sends that many.`);
    const field = describeField(name);
    const count = (counts.get(name) ?? 0) + 1;
    counts.set(name, count);
    if (count > MAX_VALUES_PER_NAME) throw refuse(400, `${field} is sent more than ${MAX_VALUES_PER_NAME.toLocaleString("en-US")} times.`);
    if (typeof value !== "string") throw refuse(400, `${field} is a file; this form does not accept files.`);
    if (value.length > MAX_FIELD_CHARS) throw refuse(400, `${field} is longer than ${MAX_FIELD_CHARS.toLocaleString("en-US")} characters.`);
    const bad = forbiddenCharacter(name) ?? forbiddenCharacter(value);
    if (bad) throw refuse(400, `${field} contains a control character (${bad}), which is not allowed.`);
    if ([...name.matchAll(LIST_INDEX)].some((m) => Number(m[1]) > MAX_LIST_INDEX)) {
      throw refuse(400, `${field} names a list position over ${MAX_LIST_INDEX.toLocaleString("en-US")}; no form has lists that long.`);
    }
  }
  // A multipart body whose parts match no boundary parses as an empty form: it is not one.
  if (mediaType === "multipart/form-data" && bytes.byteLength > 0 && [...form.keys()].length === 0) {
    throw refuse(400, "The form could not be read: its content is not valid form data.");
  }
  return form;
}

function describeField(name: string): string {
  if (FORBIDDEN_CHARACTER.test(name) || name.length > 100) return "A field name";
  return `The field "${name}"`;
}

/** The body, stopped as soon as it passes MAX_FORM_BYTES (a declared length is checked first). */
async function readBody(request: Request): Promise<Uint8Array<ArrayBuffer>> {
  const tooLarge = () => refuse(413, `The form is larger than ${MAX_FORM_BYTES / 1024 / 1024} MB.`);
  const declared = Number(request.headers.get("content-length"));
  if (declared > MAX_FORM_BYTES) throw tooLarge();
  if (!request.body) return new Uint8Array();
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > MAX_FORM_BYTES) {
      await reader.cancel().catch(() => {});
      throw tooLarge();
    }
    chunks.push(value);
  }
  const body = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    body.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return body;
}

// How every action reads what a browser (or anyone) sent, and how input that cannot be right is
// refused: with a 4xx and a sentence the error box shows, before anything is written
// (docs/decisions/0830-reading-and-refusing-input.md).
import { json } from "@remix-run/node";
import { parseId } from "../../lib/ids.js";

/** More than any form of the product sends (the largest, a job's field list, is a few KB). */
export const MAX_FORM_BYTES = 1024 * 1024;
/** One value: far above any name, description or hidden state, far below what would hurt a page or a log. */
export const MAX_FIELD_CHARS = 65_536;

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
  for (const [name, value] of form.entries()) {
    const field = describeField(name);
    if (typeof value !== "string") throw refuse(400, `${field} is a file; this form does not accept files.`);
    if (value.length > MAX_FIELD_CHARS) throw refuse(400, `${field} is longer than ${MAX_FIELD_CHARS.toLocaleString("en-US")} characters.`);
    const bad = forbiddenCharacter(name) ?? forbiddenCharacter(value);
    if (bad) throw refuse(400, `${field} contains a control character (${bad}), which is not allowed.`);
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

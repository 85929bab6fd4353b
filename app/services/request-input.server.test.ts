import { describe, expect, it } from "vitest";
import { z } from "zod";
import { idField } from "../../lib/ids.js";
import { MAX_FIELD_CHARS, MAX_FORM_BYTES, MAX_FORM_VALUES, MAX_LIST_INDEX, MAX_VALUES_PER_NAME, parseOrRefuse, readForm, requireId, safeParseForm, submittedIntent } from "./request-input.server";

const post = (body: BodyInit | null, contentType: string | null, headers: Record<string, string> = {}) =>
  new Request("http://localhost/x", { method: "POST", body, headers: { ...(contentType === null ? {} : { "content-type": contentType }), ...headers }, ...(body instanceof ReadableStream ? { duplex: "half" } : {}) } as RequestInit);

async function refusal(promise: Promise<unknown>): Promise<{ status: number; message: string }> {
  try {
    await promise;
  } catch (thrown) {
    if (thrown instanceof Response) return { status: thrown.status, message: ((await thrown.json()) as { message: string }).message };
    throw thrown;
  }
  throw new Error("expected a refusal");
}

describe("readForm", () => {
  it("reads url-encoded and multipart forms", async () => {
    const form = await readForm(post("intent=save&name=Caf%C3%A9%0D%0Aline+two%09tab", "application/x-www-form-urlencoded; charset=UTF-8"));
    expect(form.get("name")).toBe("Café\r\nline two\ttab");
    const multipart = new FormData();
    multipart.set("name", "plain");
    expect((await readForm(new Request("http://localhost/x", { method: "POST", body: multipart }))).get("name")).toBe("plain");
  });

  it("gives the same form when read twice", async () => {
    const request = post("a=1", "application/x-www-form-urlencoded");
    expect(await readForm(request)).toBe(await readForm(request));
  });

  it.each([
    ["application/json", '{"a":1}'],
    ["text/plain", "a=1"],
    [null, "a=1"],
    ["application/x-www-form-urlencodedx", "a=1"],
  ])("refuses %s with 415", async (type, body) => {
    expect(await refusal(readForm(post(body, type)))).toEqual({ status: 415, message: expect.stringContaining("web forms only") });
  });

  it("refuses a body over the limit with 413, declared or streamed", async () => {
    const big = "a=" + "x".repeat(MAX_FORM_BYTES);
    expect((await refusal(readForm(post(big, "application/x-www-form-urlencoded")))).status).toBe(413);
    const encoder = new TextEncoder();
    let sent = 0;
    const endless = new ReadableStream<Uint8Array>({
      pull(controller) {
        sent += 64 * 1024;
        controller.enqueue(encoder.encode("x".repeat(64 * 1024)));
      },
    });
    expect((await refusal(readForm(post(endless, "application/x-www-form-urlencoded")))).status).toBe(413);
    // It stopped reading soon after the limit instead of draining the stream.
    expect(sent).toBeLessThan(MAX_FORM_BYTES + 256 * 1024);
  });

  it.each([
    ["NUL", "a%00b", "U+0000"],
    ["escape", "a%1B%5B31m", "U+001B"],
    ["DEL", "a%7F", "U+007F"],
    ["vertical tab", "a%0B", "U+000B"],
  ])("refuses a %s character, naming the field", async (_name, encoded, code) => {
    expect(await refusal(readForm(post(`name=${encoded}`, "application/x-www-form-urlencoded")))).toEqual({ status: 400, message: `The field "name" contains a control character (${code}), which is not allowed.` });
  });

  it("refuses a control character in a field name without echoing it", async () => {
    expect((await refusal(readForm(post("na%00me=x", "application/x-www-form-urlencoded")))).message).toMatch(/^A field name contains/);
  });

  it("refuses a value longer than the limit", async () => {
    expect(await refusal(readForm(post(`name=${"x".repeat(MAX_FIELD_CHARS + 1)}`, "application/x-www-form-urlencoded")))).toEqual({ status: 400, message: expect.stringContaining("longer than 65,536 characters") });
  });

  it("refuses files and unreadable multipart bodies", async () => {
    const withFile = new FormData();
    withFile.set("upload", new Blob(["x"]), "x.txt");
    expect((await refusal(readForm(new Request("http://localhost/x", { method: "POST", body: withFile })))).message).toContain("does not accept files");
    const wrongBoundary = '--other\r\ncontent-disposition: form-data; name="a"\r\n\r\nx\r\n--other--\r\n';
    expect((await refusal(readForm(post(wrongBoundary, "multipart/form-data; boundary=expected")))).status).toBe(400);
  });

  // conform reads `fields[10000000]` as a ten-million-item list and the schema walks it: the web
  // process ran out of memory on one such request.
  it("refuses a list position conform would turn into a huge list", async () => {
    const form = "application/x-www-form-urlencoded";
    expect(await refusal(readForm(post(`fields%5B${MAX_LIST_INDEX + 1}%5D=x`, form)))).toEqual({ status: 400, message: `The field "fields[${MAX_LIST_INDEX + 1}]" names a list position over 999; no form has lists that long.` });
    expect((await refusal(readForm(post("filters%5B0%5D.value%5B10000000%5D=x", form)))).status).toBe(400);
    expect((await readForm(post(`filters%5B${MAX_LIST_INDEX}%5D.field=x&tags%5B%5D=y`, form))).get(`filters[${MAX_LIST_INDEX}].field`)).toBe("x");
  });

  // conform gathers a repeated name in quadratic time: 20,000 values held the event loop for seconds.
  it("refuses a name sent too many times, and too many values in all", async () => {
    const form = "application/x-www-form-urlencoded";
    const repeated = (name: string, n: number) => Array.from({ length: n }, () => `${name}=1`).join("&");
    expect((await readForm(post(repeated("fields", MAX_VALUES_PER_NAME), form))).getAll("fields")).toHaveLength(MAX_VALUES_PER_NAME);
    expect(await refusal(readForm(post(repeated("fields", MAX_VALUES_PER_NAME + 1), form)))).toEqual({ status: 400, message: 'The field "fields" is sent more than 2,000 times.' });
    const spread = ["a", "b", "c"].map((n) => repeated(n, MAX_FORM_VALUES / 2.5)).join("&");
    expect((await refusal(readForm(post(spread, form)))).message).toContain("more than 5,000 values");
  });

  it("reads an empty form", async () => {
    expect([...(await readForm(post("", "application/x-www-form-urlencoded"))).keys()]).toEqual([]);
  });
});

describe("requireId", () => {
  it("answers 404 for anything that cannot name a row", async () => {
    expect(requireId("42")).toBe(42);
    for (const raw of [undefined, "", "0", "-1", "1.5", "1e3", "0x10", "12abc", "9007199254740993", "2147483648", " 1"]) {
      const thrown = (() => {
        try {
          requireId(raw);
        } catch (e) {
          return e;
        }
      })();
      expect(thrown, raw).toBeInstanceOf(Response);
      expect((thrown as Response).status).toBe(404);
    }
  });
});

describe("parseOrRefuse", () => {
  const Schema = z.object({ intent: z.literal("delete", { error: "Unknown action" }), id: idField("This row does not exist.") });
  const formOf = (fields: Record<string, string>) => {
    const form = new FormData();
    for (const [k, v] of Object.entries(fields)) form.append(k, v);
    return form;
  };
  const thrown = (run: () => unknown) => {
    try {
      run();
    } catch (e) {
      return e as Response;
    }
    throw new Error("expected a refusal");
  };

  it("gives the parsed values, ids as numbers", () => {
    expect(parseOrRefuse(formOf({ intent: "delete", id: "42" }), Schema)).toEqual({ intent: "delete", id: 42 });
  });

  it("refuses with the status asked and the schema's first message", async () => {
    const wrongIntent = thrown(() => parseOrRefuse(formOf({ intent: "drop", id: "42" }), Schema));
    expect(wrongIntent.status).toBe(400);
    expect(await wrongIntent.json()).toEqual({ message: "Unknown action" });
    const hugeId = thrown(() => parseOrRefuse(formOf({ intent: "delete", id: "9007199254740993" }), Schema.pick({ id: true }), 404));
    expect(hugeId.status).toBe(404);
    expect(await hugeId.json()).toEqual({ message: "This row does not exist." });
  });
});

describe("submittedIntent", () => {
  it("names one of the intents, or nothing", () => {
    const form = new FormData();
    form.set("intent", "connect");
    form.set("decision", "allow");
    expect(submittedIntent(form, ["connect", "save"])).toBe("connect");
    expect(submittedIntent(form, ["save"])).toBeUndefined();
    expect(submittedIntent(form, ["allow"], "decision")).toBe("allow");
    expect(submittedIntent(new FormData(), ["connect"])).toBeUndefined();
  });
});

describe("safeParseForm", () => {
  it("answers like zod's safeParse, with the form read the conform way", () => {
    const schema = z.object({ title: z.string({ error: "Please input a name" }), ids: z.array(idField()).default([]) });
    const form = new FormData();
    form.append("title", "");
    form.append("ids", "4");
    form.append("ids", "5");
    // Object.fromEntries kept only the last id and took the empty title for a name.
    expect(safeParseForm(form, schema)).toEqual({ success: false, error: { issues: [{ path: ["title"], message: "Please input a name" }] } });
    form.set("title", "Spend");
    expect(safeParseForm(form, schema)).toEqual({ success: true, data: { title: "Spend", ids: [4, 5] } });
  });
});

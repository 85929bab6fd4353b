import { describe, expect, it } from "vitest";
import { MAX_FIELD_CHARS, MAX_FORM_BYTES, readForm, requireId } from "./request-input.server";

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

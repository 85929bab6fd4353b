import { describe, expect, it } from "vitest";
import { credentialFormSchema, REQUIRED_MESSAGE, URL_MESSAGE, type FormField } from "./credential-form-schema";

const woo: FormField[] = [
  { name: "storeUrl", label: "Store URL", type: "url", required: true },
  { name: "consumerKey", label: "Consumer key", type: "password", required: true },
  { name: "note", label: "Note", type: "text", required: false },
];

describe("credentialFormSchema (spec 3 §5)", () => {
  it("requires every required field", () => {
    const result = credentialFormSchema(woo).safeParse({ storeUrl: "", consumerKey: "  " });
    expect(result.success).toBe(false);
    const messages = result.error!.issues.map((i) => `${i.path.join(".")}:${i.message}`);
    expect(messages).toContain(`storeUrl:${REQUIRED_MESSAGE}`);
    expect(messages).toContain(`consumerKey:${REQUIRED_MESSAGE}`);
  });
  it("rejects a URL field that is not an http(s) URL", () => {
    const result = credentialFormSchema(woo).safeParse({ storeUrl: "javascript:alert(1)", consumerKey: "ck" });
    expect(result.success).toBe(false);
    expect(result.error!.issues[0].message).toBe(URL_MESSAGE);
  });
  it("accepts a valid submission and trims values", () => {
    const result = credentialFormSchema(woo).safeParse({ storeUrl: " https://shop.example ", consumerKey: "ck" });
    expect(result.success && (result.data as Record<string, unknown>).storeUrl).toBe("https://shop.example");
  });
  it("checks select choices", () => {
    const select: FormField[] = [{ name: "url", label: "Marketplace", type: "select", required: true, choices: [{ value: "a", label: "A" }] }];
    expect(credentialFormSchema(select).safeParse({ url: "b" }).success).toBe(false);
    expect(credentialFormSchema(select).safeParse({ url: "a" }).success).toBe(true);
  });
});

// Turns a submitted credential form (spec 3 §2.7) into the credential payload of spec 3 §7, from
// the catalogue's field definitions, so the app needs no per-platform code.
import { InvalidCredentialError } from "../core/errors.js";
import type { ApiKeyCredential } from "../core/types.js";
import type { PlatformDefinition } from "./types.js";

function isUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === "https:" || url.protocol === "http:";
  } catch {
    return false;
  }
}

/**
 * Builds the api-key credential (key, secret, options) from form values. Missing required
 * fields and invalid URLs raise InvalidCredentialError naming the fields by label.
 * For oauth platforms with pre-redirect fields (Zoho location, Pardot business id) the result's
 * options are what to keep alongside the OAuth code.
 */
export function buildCredentialFromForm(platform: PlatformDefinition, values: Record<string, string | undefined>): ApiKeyCredential {
  const missing: string[] = [];
  const badUrls: string[] = [];
  const credential: ApiKeyCredential = { type: "api-key", key: platform.fixedCredential?.key ?? "" };
  if (platform.fixedCredential?.secret !== undefined) credential.secret = platform.fixedCredential.secret;
  const options: Record<string, string | string[]> = {};

  for (const field of platform.connectionFields) {
    const raw = (values[field.name] ?? field.default ?? "").trim();
    if (raw === "") {
      if (field.required) missing.push(field.label);
      continue;
    }
    if (field.type === "url" && !isUrl(raw)) badUrls.push(field.label);
    if (field.type === "select" && field.choices && !field.choices.some((c) => c.value === raw)) badUrls.push(field.label);
    const value = field.list ? raw.split(",").map((s) => s.trim()).filter(Boolean) : raw;
    for (const slot of field.slots) {
      if (slot === "key") credential.key = Array.isArray(value) ? value.join(",") : value;
      else if (slot === "secret") credential.secret = Array.isArray(value) ? value.join(",") : value;
      else options[slot.slice("options.".length)] = value;
    }
  }
  if (missing.length > 0) {
    throw new InvalidCredentialError(`Please fill in ${missing.join(", ")} to connect ${platform.displayName}.`, platform.id);
  }
  if (badUrls.length > 0) {
    throw new InvalidCredentialError(`${badUrls.join(", ")} is not valid for ${platform.displayName}.`, platform.id);
  }
  if (Object.keys(options).length > 0) credential.options = options;
  return credential;
}

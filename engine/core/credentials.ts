// Credentials arrive from the app (decrypted from the database) or the CLI (a JSON file) as
// unknown data; parse them once at the boundary into the Credential union.
import { z } from "zod";
import { InvalidCredentialError } from "./errors.js";
import type { AuthMethod, Credential } from "./types.js";

const optionValue = z.union([z.string(), z.array(z.string())]);

const oauth2 = z.object({
  type: z.literal("oauth2"),
  accessToken: z.string().min(1),
  refreshToken: z.string().min(1).optional(),
  expiresAt: z.string().optional(),
  scope: z.string().optional(),
  options: z.record(z.string(), optionValue).optional(),
});
const oauth1 = z.object({
  type: z.literal("oauth1"),
  token: z.string().min(1),
  tokenSecret: z.string().min(1),
});
const apiKey = z.object({
  type: z.literal("api-key"),
  // Empty for the options-only forms of spec 3 §7 (Apple Search Ads, Piwik, Criteo, ...).
  key: z.string(),
  secret: z.string().optional(),
  options: z.record(z.string(), optionValue).optional(),
});

export const credentialSchema = z.discriminatedUnion("type", [oauth2, oauth1, apiKey]);

const TYPE_OF_METHOD: Record<AuthMethod, Credential["type"]> = { oauth2: "oauth2", oauth10A: "oauth1", "api-key": "api-key" };

/**
 * Validates an unknown value as a Credential. When `method` is given the credential must be of
 * that kind. A spec 3 §7 form payload ({key, secret?, options}) without `type` is read as api-key.
 */
/** The credential kinds a connector reads: its catalogue method and any it also accepts. */
export function credentialMethods(connector: { authMethod: AuthMethod; alsoAccepts?: readonly AuthMethod[] }): AuthMethod[] {
  return [connector.authMethod, ...(connector.alsoAccepts ?? [])];
}

export function parseCredential(value: unknown, opts: { platform?: string; method?: AuthMethod | readonly AuthMethod[] } = {}): Credential {
  const input =
    value && typeof value === "object" && !("type" in value) && "key" in value ? { type: "api-key", ...value } : value;
  const parsed = credentialSchema.safeParse(input);
  const where = opts.platform ? ` for ${opts.platform}` : "";
  if (!parsed.success) {
    // Issue paths only, never values: the input may hold half a secret.
    const fields = [...new Set(parsed.error.issues.map((i) => i.path.join(".") || "credential"))].join(", ");
    throw new InvalidCredentialError(`The credential${where} is malformed (check ${fields}).`, opts.platform);
  }
  const methods: readonly AuthMethod[] = opts.method === undefined ? [] : typeof opts.method === "string" ? [opts.method] : opts.method;
  if (methods.length > 0 && !methods.some((m) => TYPE_OF_METHOD[m] === parsed.data.type)) {
    throw new InvalidCredentialError(
      `The credential${where} is of type ${parsed.data.type}, but this platform connects with ${methods.join(" or ")}.`,
      opts.platform,
    );
  }
  return parsed.data as Credential;
}

/** A credential option as a single string (comma-joined when the form sent a list). */
export function credentialOption(credential: Credential, name: string): string | undefined {
  if (credential.type !== "api-key") return undefined;
  const value = credential.options?.[name];
  return Array.isArray(value) ? value.join(",") : value;
}

/** A credential option as a list (a comma-separated string is split, spec 3 §2.7). */
export function credentialOptionList(credential: Credential, name: string): string[] {
  if (credential.type !== "api-key") return [];
  const value = credential.options?.[name];
  const list = Array.isArray(value) ? value : (value ?? "").split(",");
  return list.map((s) => s.trim()).filter(Boolean);
}

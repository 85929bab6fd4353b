import { createHash } from "node:crypto";
import { upsertOauthClient } from "../../db/repositories/oauth-provider.js";
import type { SeedStep } from "./context.js";
import { platformEnv } from "../../lib/env.js";

/**
 * Issue 9: registers the OAuth clients of our own integrations from the environment (nothing is
 * registered without a secret; the secret is stored only as its SHA-256 digest, like lib/secrets'
 * tokenDigest). Idempotent: an upsert by client id.
 *   LOOKER_STUDIO_CLIENT_ID / LOOKER_STUDIO_CLIENT_SECRET / LOOKER_STUDIO_SCRIPTS=scriptId:platform,...
 *   ADDONS_CLIENT_ID / ADDONS_CLIENT_SECRET / ADDONS_REDIRECT_URIS=uri,uri (Sheets and Excel add-ons)
 *   ADDONS_CLIENT_PUBLIC=true: the add-ons client has no secret (its code runs in the user's
 *   Office task pane, where a secret would be readable); it must then use PKCE (S256).
 */
export const oauthClientsStep: SeedStep = {
  name: "oauth clients",
  async run({ db, log }) {
    const env = platformEnv();
    const digest = (s: string) => createHash("sha256").update(s).digest("hex");
    if (env.LOOKER_STUDIO_CLIENT_SECRET) {
      const scripts = Object.fromEntries(
        (env.LOOKER_STUDIO_SCRIPTS ?? "")
          .split(",")
          .map((pair) => pair.trim().split(":"))
          .filter((p) => p.length === 2 && p[0] && p[1]),
      ) as Record<string, string>;
      await upsertOauthClient(db, {
        id: env.LOOKER_STUDIO_CLIENT_ID || "looker-studio",
        name: "Looker Studio",
        secretDigest: digest(env.LOOKER_STUDIO_CLIENT_SECRET),
        redirectUris: Object.keys(scripts).map((id) => `https://script.google.com/macros/d/${id}/usercallback`),
        scriptPlatforms: scripts,
      });
      log(`oauth client looker-studio: ${Object.keys(scripts).length} script(s)`);
    }
    const addonsPublic = env.ADDONS_CLIENT_PUBLIC === "true";
    if (env.ADDONS_CLIENT_SECRET || addonsPublic) {
      await upsertOauthClient(db, {
        id: env.ADDONS_CLIENT_ID || "signalpost-addons",
        name: "Signalpost add-ons",
        secretDigest: addonsPublic ? null : digest(env.ADDONS_CLIENT_SECRET!),
        public: addonsPublic,
        redirectUris: (env.ADDONS_REDIRECT_URIS ?? "").split(",").map((s) => s.trim()).filter(Boolean),
      });
      log(`oauth client signalpost-addons${addonsPublic ? " (public, PKCE)" : ""}`);
    }
  },
};

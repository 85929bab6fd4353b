import { createCookieSessionStorage } from "@remix-run/node";
import { Authenticator } from "remix-auth";
import { GoogleStrategy } from "remix-auth-google";
import { getEnv, publicOrigin } from "../../lib/env.js";
import { getSessionSecrets } from "../../lib/secrets.js";
import { getDb } from "./db.server.js";
import { findUserByEmailForSignIn, findUserByGoogleIdForSignIn, linkGoogleId } from "../../db/repositories/users.js";
import { defaultCompanyName, registerCompany } from "./signup.server.js";
import type { User } from "../../db/schema.js";

export type GoogleSignIn =
  | { kind: "user"; user: User; registered?: boolean }
  | { kind: "unknown"; email: string; googleId: string; firstName?: string; lastName?: string };

/**
 * remix-auth-google hard-codes Google's hosts; GOOGLE_OAUTH_BASE_URL moves all three endpoints
 * so tests (and offline demos) run against tests/fakes/google, which speaks the same protocol.
 */
class ConfigurableGoogleStrategy<U> extends GoogleStrategy<U> {
  constructor(options: ConstructorParameters<typeof GoogleStrategy<U>>[0], verify: ConstructorParameters<typeof GoogleStrategy<U>>[1], baseUrl?: string) {
    super(options, verify);
    if (baseUrl) {
      const base = baseUrl.replace(/\/$/, "");
      const self = this as unknown as { authorizationURL: string; tokenURL: string; userInfoURL: string };
      self.authorizationURL = `${base}/o/oauth2/v2/auth`;
      self.tokenURL = `${base}/token`;
      self.userInfoURL = `${base}/oauth2/v3/userinfo`;
    }
  }
}

let authenticator: Authenticator<GoogleSignIn> | undefined;

/** Only the OAuth state lives in this cookie; the product's own session is created afterwards. */
export function googleAuthenticator(origin: string): Authenticator<GoogleSignIn> {
  if (authenticator) return authenticator;
  const env = getEnv();
  const stateStorage = createCookieSessionStorage({
    cookie: { name: "__sp_oauth", sameSite: "lax", path: "/", httpOnly: true, maxAge: 600, secrets: getSessionSecrets() },
  });
  authenticator = new Authenticator<GoogleSignIn>(stateStorage, { throwOnError: true });
  authenticator.use(
    new ConfigurableGoogleStrategy<GoogleSignIn>(
      {
        clientID: env.GOOGLE_CLIENT_ID,
        clientSecret: env.GOOGLE_CLIENT_SECRET,
        callbackURL: `${publicOrigin(origin, env)}/auth/google/callback`,
        prompt: "select_account",
      },
      async ({ profile }) => resolveGoogleProfile(profile),
      env.GOOGLE_OAUTH_BASE_URL,
    ),
  );
  return authenticator;
}

type Profile = { id: string; emails?: Array<{ value: string }>; name?: { givenName?: string; familyName?: string }; _json?: { email_verified?: boolean } };

/**
 * An existing user signs in by Google id, or by verified e-mail the first time (then the id is
 * linked). A Google account with no user registers a new company (register mode).
 */
export async function resolveGoogleProfile(profile: Profile): Promise<GoogleSignIn> {
  const db = getDb();
  const email = profile.emails?.[0]?.value;
  const byId = await findUserByGoogleIdForSignIn(db, profile.id);
  if (byId) return { kind: "user", user: byId };
  if (email && profile._json?.email_verified !== false) {
    const byEmail = await findUserByEmailForSignIn(db, email);
    if (byEmail) {
      await linkGoogleId(db, byEmail.id, profile.id);
      return { kind: "user", user: { ...byEmail, googleId: profile.id } };
    }
  }
  const firstName = profile.name?.givenName ?? null;
  const lastName = profile.name?.familyName ?? null;
  // Register mode (spec 3 §4 OAuth return): a first Google sign-in with a verified address creates
  // the company (trial, API key) and its primary user. Without a verified e-mail nobody is created.
  if (email && profile._json?.email_verified === true) {
    const { user } = await db.transaction().execute((trx) =>
      registerCompany(trx, { companyName: defaultCompanyName(firstName, email), email, firstName, lastName, googleId: profile.id }),
    );
    return { kind: "user", user, registered: true };
  }
  return { kind: "unknown", email: email ?? "", googleId: profile.id, firstName: firstName ?? undefined, lastName: lastName ?? undefined };
}

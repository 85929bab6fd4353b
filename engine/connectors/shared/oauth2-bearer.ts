// The Bearer header of OAuth 2.0 platforms whose authorize hook adds more headers (developer
// tokens, client ids, API versions): one place that also refuses a non-OAuth credential clearly.
import { ConnectorError } from "../../core/errors.js";
import type { PreparedRequest } from "../../core/http-types.js";
import type { Credential } from "../../core/types.js";

export function setOAuth2Bearer(request: PreparedRequest, credential: Credential, platform: string, displayName: string): void {
  if (credential.type !== "oauth2") {
    throw new ConnectorError({ kind: "config", platform, message: `${displayName} connects with OAuth 2.0. Reconnect the source.` });
  }
  request.headers.authorization = `Bearer ${credential.accessToken}`;
}

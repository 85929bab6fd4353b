// GET /.well-known/oauth-authorization-server: RFC 8414 metadata of our OAuth provider, read by MCP
// clients before they register and sign in (decision 0910).
import type { LoaderFunctionArgs } from "@remix-run/node";
import { authorizationServerMetadata, metadataAnswer } from "~/services/oauth-metadata.server";

export async function loader({ request }: LoaderFunctionArgs) {
  return metadataAnswer(authorizationServerMetadata(new URL(request.url).origin));
}

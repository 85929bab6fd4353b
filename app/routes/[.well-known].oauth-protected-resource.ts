// GET /.well-known/oauth-protected-resource: RFC 9728 metadata of the MCP endpoint, at the root
// for clients that do not insert the resource's path (decision 0910).
import type { LoaderFunctionArgs } from "@remix-run/node";
import { metadataAnswer, protectedResourceMetadata } from "~/services/oauth-metadata.server";

export async function loader({ request }: LoaderFunctionArgs) {
  return metadataAnswer(protectedResourceMetadata(new URL(request.url).origin));
}

// /mcp: the remote MCP server for AI assistants (issue 21, docs/mcp.md, decision 0910).
// @machine-endpoint OAuth bearer token of our provider, issued for this resource (RFC 8707)
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { answerMcpRequest } from "~/services/mcp/endpoint.server";
import { getDb } from "~/services/db.server";

export async function loader({ request }: LoaderFunctionArgs) {
  return answerMcpRequest(request, { db: getDb() });
}

export async function action({ request }: ActionFunctionArgs) {
  return answerMcpRequest(request, { db: getDb() });
}

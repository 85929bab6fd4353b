// GET /api/request: the query URL (spec 2 §7). A resource route: no component, authenticated by
// the company API key in the query string (the service redacts it from nothing it logs: it logs
// no URL), JSON (or csv) errors naming the parameter.
import type { LoaderFunctionArgs } from "@remix-run/node";
import { answerQueryUrl } from "~/services/query-url.server";
import { getDb } from "~/services/db.server";

export async function loader({ request }: LoaderFunctionArgs) {
  return answerQueryUrl(request, { db: getDb() });
}

// GET /clients/{client_id}/alerts/filter-values?field=&q=&dataSourceId=: the alert editor's filter
// value suggestions (JSON). Unknown field: 400 with a message; another company's client or
// account: 404.
import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireUser } from "~/services/session.server";
import { requireClient } from "~/services/alerts.server";
import { filterValuesResponse } from "~/services/filter-values.server";

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { company } = await requireUser(request);
  const client = await requireClient(company.id, params.clientId);
  return filterValuesResponse(company.id, client, new URL(request.url));
}

import type { LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { sql } from "kysely";
import { getDb } from "~/services/db.server";
import { checkTemporal } from "~/services/health.server";

/** Reports database and Temporal reachability (200 when both answer, 503 otherwise). */
export async function loader({ request }: LoaderFunctionArgs) {
  const deep = new URL(request.url).searchParams.get("deep") === "1";
  const database = await sql`select 1`
    .execute(getDb())
    .then(() => ({ ok: true as const }))
    .catch((e: unknown) => ({ ok: false as const, error: e instanceof Error ? e.message : String(e) }));
  const temporal = await checkTemporal({ runWorkflow: deep });
  const ok = database.ok && temporal.ok;
  return json({ ok, database, temporal }, { status: ok ? 200 : 503, headers: { "Cache-Control": "no-store" } });
}

// /data-connector/connections/new and /{id}: create or edit by hand a connection (an account of a
// source x a destination type), the rows the usage screen and /connections/{id}/details list.
import { json } from "@remix-run/node";
import { parseWithZod } from "@conform-to/zod/v4";
import { getConnection } from "../../db/repositories/connection-logs.js";
import { DESTINATION_TYPE_OPTIONS } from "~/utils/destinations";
import { CONNECTION_DESTINATION_TYPES, ConnectionSchema } from "~/utils/connection-form";
import { getDb } from "./db.server.js";
import { requireUser } from "./session.server.js";
import { redirectWithToast } from "./toast.server.js";
import { listCompanyAccounts } from "./addons.server.js";
import { notFound, readForm, requireId } from "./request-input.server.js";

export function destinationTypeOptions() {
  const seen = new Set<string>();
  return [...CONNECTION_DESTINATION_TYPES, ...DESTINATION_TYPE_OPTIONS].filter((o) => (seen.has(o.value) ? false : (seen.add(o.value), true))).map((o) => ({ value: o.value, label: o.label }));
}

async function requireConnection(companyId: number, idParam: string | undefined) {
  const missing = "This connection does not exist.";
  const connection = await getConnection(getDb(), companyId, requireId(idParam, missing));
  if (!connection) throw notFound(missing);
  return connection;
}

export async function connectionFormLoader(request: Request, idParam?: string) {
  const { company } = await requireUser(request);
  const connection = idParam !== undefined ? await requireConnection(company.id, idParam) : null;
  const sources = await listCompanyAccounts(getDb(), company.id);
  const ids = await getDb().selectFrom("dataSources").select(["id", "accountId", "networkAuthorizationId"]).where("companyId", "=", company.id).execute();
  return {
    connection: connection ? { id: connection.id, name: connection.name, dataSourceId: connection.dataSourceId, destinationType: connection.destinationType } : null,
    accounts: sources.flatMap((s) => s.accounts.map((a) => ({ value: ids.find((d) => d.accountId === a.id && d.networkAuthorizationId === s.authorizationId)!.id, label: `${a.name} (${s.platformName} · ${s.name})` }))),
    destinationTypes: destinationTypeOptions(),
  };
}

export async function connectionFormAction(request: Request, idParam?: string) {
  const { company } = await requireUser(request);
  const db = getDb();
  const existing = idParam !== undefined ? await requireConnection(company.id, idParam) : null;
  const submission = parseWithZod(await readForm(request), { schema: ConnectionSchema });
  if (submission.status !== "success") return json({ result: submission.reply() }, { status: 400 });
  const v = submission.value;
  if (!destinationTypeOptions().some((o) => o.value === v.destinationType)) {
    return json({ result: submission.reply({ fieldErrors: { destinationType: ["You need to set a destination to the connection."] } }) }, { status: 400 });
  }
  const account = await db
    .selectFrom("dataSources")
    .innerJoin("networkAuthorizations", "networkAuthorizations.id", "dataSources.networkAuthorizationId")
    .select(["dataSources.id", "dataSources.networkAuthorizationId", "networkAuthorizations.platform"])
    .where("dataSources.companyId", "=", company.id)
    .where("networkAuthorizations.companyId", "=", company.id)
    .where("dataSources.id", "=", v.dataSourceId)
    .executeTakeFirst();
  if (!account) return json({ result: submission.reply({ fieldErrors: { dataSourceId: ["This account is not one of your company's accounts."] } }) }, { status: 400 });
  const values = { name: v.name, dataSourceId: account.id, networkAuthorizationId: account.networkAuthorizationId, platform: account.platform, destinationType: v.destinationType };
  try {
    let id: number;
    if (existing) {
      await db.updateTable("connections").set(values).where("companyId", "=", company.id).where("id", "=", existing.id).execute();
      id = existing.id;
    } else {
      id = (await db.insertInto("connections").values({ ...values, companyId: company.id, destinationId: null, createdAt: new Date() }).returning("id").executeTakeFirstOrThrow()).id;
    }
    return redirectWithToast(`/data-connector/connections/${id}/details`, { type: "success", title: existing ? "Connection saved" : "Connection created" });
  } catch (error) {
    // connections_identity_uq: one connection per account and destination.
    if (error && typeof error === "object" && "code" in error && (error as { code: string }).code === "23505") {
      return json({ result: submission.reply({ fieldErrors: { destinationType: ["This account already has a connection to this destination."] } }) }, { status: 409 });
    }
    throw error;
  }
}

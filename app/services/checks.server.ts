// Automatic checks in the client area (issue 7 item 8): the security and conversion-tag pages
// and the home cards read what the scheduled checks stored (temporal/activities/checks.ts),
// never the platform live. Starting a check now goes through Temporal like the schedules.
import { json } from "@remix-run/node";
import { z } from "zod";
import { requireUser } from "./session.server.js";
import { redirectWithToast } from "./toast.server.js";
import { getDb } from "./db.server.js";
import { requireClient, type Client } from "./alerts.server.js";
import * as checksRepo from "../../db/repositories/checks.js";
import type { AutomaticCheckKind } from "../../db/tables/checks.js";
import { hasConnector, getConnector } from "../../engine/index.js";
import type { WorkflowName } from "../../temporal/client.js";
import { parseOrRefuse, readForm } from "./request-input.server.js";

const CAPABILITY = { security: "listDomainVerifications", conversion_tag: "listConversionTags", product: "listProducts" } as const;

/** Whether the client's platform can answer the check at all (its connector's capability). */
export function platformOffers(client: Client, kind: AutomaticCheckKind): boolean {
  if (kind === "product" && !client.platform?.alertOptions.product_available) return false;
  return hasConnector(client.platformId) && Boolean(getConnector(client.platformId)[CAPABILITY[kind]]);
}

type RunInfo = { offered: boolean; checkedAt: string | null; succeededAt: string | null; error: string | null };

async function runInfo(companyId: number, client: Client, kind: AutomaticCheckKind): Promise<RunInfo> {
  const run = await checksRepo.getCheckRun(getDb(), companyId, client.dataSource.id, kind);
  return { offered: platformOffers(client, kind), checkedAt: run?.checkedAt.toISOString() ?? null, succeededAt: run?.succeededAt?.toISOString() ?? null, error: run?.error ?? null };
}

/** Loader of /options/security: the stored domains of the client with the last run. */
export async function securityPage(request: Request, clientId: string | undefined) {
  const { company } = await requireUser(request);
  const client = await requireClient(company.id, clientId);
  const [rows, run] = await Promise.all([checksRepo.listSecurityItems(getDb(), company.id, client.dataSource.id), runInfo(company.id, client, "security")]);
  return { rows, ...run };
}

/** Loader of /options/conversion-tag: the stored tags of the client with the last run. */
export async function conversionTagPage(request: Request, clientId: string | undefined) {
  const { company } = await requireUser(request);
  const client = await requireClient(company.id, clientId);
  const [rows, run] = await Promise.all([checksRepo.listConversionTags(getDb(), company.id, client.dataSource.id), runInfo(company.id, client, "conversion_tag")]);
  return { rows, ...run };
}

/** Loader of /options/product-availability: the stored products of the client with the last run. */
export async function productAvailabilityPage(request: Request, clientId: string | undefined) {
  const { company } = await requireUser(request);
  const client = await requireClient(company.id, clientId);
  const [rows, run, activation] = await Promise.all([
    checksRepo.listShoppingProducts(getDb(), company.id, client.dataSource.id),
    runInfo(company.id, client, "product"),
    checksRepo.productCheckActivation(getDb(), company.id, client.dataSource.id),
  ]);
  return { rows: rows.map((r) => ({ ...r, inError: checksRepo.productInError(r) })), ...run, activated: Boolean(activation), clientId: client.dataSource.id, currency: client.dataSource.currency };
}

/** The /ads row of product_available: offered, activated, and the last run's counts. */
export async function productAvailabilitySummary(companyId: number, client: Client) {
  if (!platformOffers(client, "product")) return null;
  const [activation, run] = await Promise.all([checksRepo.productCheckActivation(getDb(), companyId, client.dataSource.id), checksRepo.getCheckRun(getDb(), companyId, client.dataSource.id, "product")]);
  return { activated: Boolean(activation), inError: run?.inError ?? 0, total: run?.total ?? 0, checkedAt: run?.checkedAt.toISOString() ?? null, error: run?.error ?? null };
}

/** /ads "Activate" on product_available: stores the activation and runs the first check at once. */
export async function activateProductAvailability(request: Request, clientId: string | undefined) {
  const { user, company } = await requireUser(request);
  const client = await requireClient(company.id, clientId);
  if (!platformOffers(client, "product")) throw json({ message: "Product availability is not available for this platform" }, { status: 404 });
  const created = await checksRepo.activateProductCheck(getDb(), company.id, client.dataSource.id, user.id);
  if (!created) return redirectWithToast(`/clients/${client.dataSource.id}/ads`, { type: "info", title: "Product availability is already active on this account" });
  const { started } = await startCheckNow(request, clientId, "product");
  return redirectWithToast(`/clients/${client.dataSource.id}/options/product-availability`, {
    type: "success",
    title: "Product availability is now active on this account",
    description: started ? "The first check has started: its results show here within a minute." : "The daily check will run as scheduled.",
  });
}

/** The home's Security and Conversions tag cards: items in error on items checked. */
export async function automaticCheckCounts(companyId: number, dataSourceId: number) {
  const counts = await checksRepo.checkCounts(getDb(), companyId, dataSourceId);
  const card = (kind: AutomaticCheckKind) => ({ on: counts[kind]?.inError ?? 0, total: counts[kind]?.total ?? 0, checkedAt: counts[kind]?.checkedAt.toISOString() ?? null });
  return { security: card("security"), conversionTag: card("conversion_tag"), product: card("product") };
}

/**
 * "Check now": starts the check for this client on the worker (the same workflow the daily
 * schedule runs, limited to the account). Answers whether Temporal took it.
 */
type CheckNowKind = AutomaticCheckKind | "url";
const WORKFLOW = { security: "checkSecurity", conversion_tag: "checkConversionTags", product: "checkProducts", url: "checkUrls" } as const satisfies Record<CheckNowKind, WorkflowName>;
const PAGE: Record<CheckNowKind, string> = { security: "security", conversion_tag: "conversion-tag", product: "product-availability", url: "url-checker" };

export async function startCheckNow(request: Request, clientId: string | undefined, kind: CheckNowKind): Promise<{ started: boolean; dataSourceId: number }> {
  const { company } = await requireUser(request);
  const client = await requireClient(company.id, clientId);
  const offered =
    kind === "url"
      ? Boolean(client.platform?.alertOptions.url_checker && hasConnector(client.platformId) && getConnector(client.platformId).listAdUrls)
      : platformOffers(client, kind) && (kind !== "product" || Boolean(await checksRepo.productCheckActivation(getDb(), company.id, client.dataSource.id)));
  if (!offered) return { started: false, dataSourceId: client.dataSource.id };
  try {
    const { getTemporalClient, startWorkflow } = await import("../../temporal/client.js");
    const temporal = await getTemporalClient();
    await startWorkflow(temporal, WORKFLOW[kind], {
      workflowId: `checks:${kind}-now:${client.dataSource.id}:${Date.now()}`,
      args: [{ companyId: company.id, dataSourceIds: [client.dataSource.id] }],
    });
    return { started: true, dataSourceId: client.dataSource.id };
  } catch (error) {
    console.warn(`[checks] ${kind} check not started:`, (error as Error).message);
    return { started: false, dataSourceId: client.dataSource.id };
  }
}

const CheckNowSchema = z.object({ intent: z.literal("check", { error: "Unknown action" }) });

/** The pages' action: "Check now" (intent=check), then back to the page with a toast. */
export async function checkNowAction(request: Request, clientId: string | undefined, kind: CheckNowKind) {
  const form = await readForm(request);
  parseOrRefuse(form, CheckNowSchema);
  const { started, dataSourceId } = await startCheckNow(request, clientId, kind);
  const path = `/clients/${dataSourceId}/options/${PAGE[kind]}`;
  return redirectWithToast(
    path,
    started ? { type: "success", title: "The check has started", description: "Its results show here within a minute." } : { type: "error", title: "The check could not start", description: "The daily check will run as scheduled." },
  );
}

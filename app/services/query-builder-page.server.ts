// Loader and action shared by /data-connector/api (new query) and /data-connector/api/{id}
// (a saved query loaded into the builder).
import { json } from "@remix-run/node";
import { parseWithZod } from "@conform-to/zod/v4";
import { z } from "zod";
import type { SignedIn } from "./session.server.js";
import { getDb } from "./db.server.js";
import { redirectWithToast } from "./toast.server.js";
import { createSavedQuery, deleteSavedQuery, getSavedQuery, listSavedQueries, updateSavedQuery } from "../../db/repositories/saved-queries.js";
import { refreshAccountsData, refreshToastText } from "./read-cache.server.js";
import { loadBuilder, previewQuery, stateFromSaved, stateFromSearch, stateToSearch, type PreviewResult } from "./query-builder.server.js";
import { buildQueryUrl, QUERY_FORMATS, type QueryFormat } from "~/utils/query-url";
import { searchTerm } from "~/utils/field-picker";
import { publicOrigin } from "../../lib/env.js";
import { notFound, readForm } from "./request-input.server.js";
import { idField } from "../../lib/ids.js";

export const SaveQuerySchema = z.object({
  intent: z.literal("save"),
  name: z.string({ error: "You need to set a name to the query." }).trim().min(1, "You need to set a name to the query.").max(120, "Use at most 120 characters"),
  state: z.string().max(20_000).default(""),
  /** "1" when the preview was on screen: the saved query's page opens with it (issue 19). */
  keep_preview: z.literal("1").optional(),
});
export const DeleteQuerySchema = z.object({ intent: z.literal("delete"), id: idField() });
/** "Refresh data": the read cache forgets the stored days of the query's accounts (decision 0890). */
export const RefreshDataSchema = z.object({ intent: z.literal("refresh-data"), state: z.string().max(20_000).default("") });
export const QueryBuilderActionSchema = z.discriminatedUnion("intent", [SaveQuerySchema, DeleteQuerySchema, RefreshDataSchema]);

export async function loadQueryBuilderPage(request: Request, signedIn: SignedIn, savedId: number | null) {
  const db = getDb();
  const url = new URL(request.url);
  const params = url.searchParams;
  const formatParam = params.get("format");
  const pageFormat = (QUERY_FORMATS as readonly string[]).includes(formatParam ?? "") ? (formatParam as QueryFormat) : undefined;
  let editing: { id: number; name: string } | null = null;
  let requested = stateFromSearch(params);
  if (savedId !== null) {
    const saved = await getSavedQuery(db, signedIn.company.id, savedId);
    if (!saved) throw json({ message: "This saved query does not exist." }, { status: 404 });
    editing = { id: saved.id, name: saved.name };
    // The saved definition opens the builder until the user submits the form (then the URL holds the state).
    if (!params.has("source")) requested = stateFromSaved(saved.json, pageFormat);
  }
  const view = await loadBuilder(db, signedIn.company, requested);
  const origin = publicOrigin(new URL(request.url).origin);
  const queryUrl = view.valid && view.definition ? buildQueryUrl(origin, view.definition, view.apiKey) : null;
  let preview: PreviewResult | null = null;
  if (params.get("preview") === "1") {
    preview = view.valid && view.definition ? await previewQuery(db, view.apiKey, origin, view.definition) : null;
  }
  const saved = savedId === null ? await listSavedQueries(db, signedIn.company.id) : [];
  const deleteId = Number(params.get("delete"));
  return json({
    view,
    search: stateToSearch(view.state).toString(),
    // The pickers' search boxes (submitted with the form when there is no JavaScript).
    fieldSearch: { metric: searchTerm(params.get("q_metric")), dimension: searchTerm(params.get("q_dimension")) },
    queryUrl,
    preview,
    previewAsked: params.get("preview") === "1",
    editing,
    tab: savedId === null && params.get("tab") === "saved" ? ("saved" as const) : ("query" as const),
    saved: saved.map((q) => ({ id: q.id, name: q.name, createdAt: q.createdAt.toISOString(), platform: String((q.json as { source?: string }).source ?? "") })),
    saveOpen: params.get("save") === "1",
    confirmDelete: saved.find((q) => q.id === deleteId) ? { id: deleteId, name: saved.find((q) => q.id === deleteId)!.name } : null,
    // Spec 2 §2: the API key field is hidden when the page URL asks for format=powerbi.
    hideApiKey: formatParam === "powerbi",
  });
}

export async function queryBuilderAction(request: Request, signedIn: SignedIn, savedId: number | null) {
  const db = getDb();
  // The page of a saved query that is not the company's has no action either, whatever the form asks.
  if (savedId !== null && !(await getSavedQuery(db, signedIn.company.id, savedId))) throw notFound("This saved query does not exist.");
  const formData = await readForm(request);
  const submission = parseWithZod(formData, { schema: QueryBuilderActionSchema });
  const base = savedId === null ? "/data-connector/api" : `/data-connector/api/${savedId}`;
  if (submission.status !== "success") return json({ result: submission.reply() }, { status: 400 });
  const value = submission.value;
  if (value.intent === "delete") {
    const deleted = await deleteSavedQuery(db, signedIn.company.id, value.id);
    if (!deleted) throw json({ message: "This saved query does not exist." }, { status: 404 });
    return redirectWithToast("/data-connector/api?tab=saved", { type: "success", title: "The query has been deleted" });
  }
  const state = stateFromSearch(new URLSearchParams(value.state));
  const view = await loadBuilder(db, signedIn.company, state);
  if (value.intent === "refresh-data") {
    // loadBuilder kept only the company's own source and its activated, unblocked accounts.
    const outcome = view.state.authorizationId ? await refreshAccountsData(db, signedIn.company.id, view.state.authorizationId, view.state.accounts) : { accounts: 0, days: 0 };
    const platform = view.sources.find((s) => s.id === view.state.authorizationId)?.platformName ?? "the platform";
    return redirectWithToast(`${base}?${stateToSearch(view.state)}`, { type: "success", title: "Stored data cleared", description: refreshToastText(outcome, platform) });
  }
  if (!view.valid || !view.definition) {
    return json({ result: submission.reply({ formErrors: ["The query is not valid yet: complete the sections on the left first."] }) }, { status: 400 });
  }
  try {
    const saved =
      savedId === null
        ? await createSavedQuery(db, signedIn.company.id, { name: value.name, json: view.definition, createdById: signedIn.user.id })
        : await updateSavedQuery(db, signedIn.company.id, savedId, { name: value.name, json: view.definition });
    if (!saved) throw json({ message: "This saved query does not exist." }, { status: 404 });
    const format = view.state.format === "powerbi" ? "?format=powerbi" : "";
    // Saving keeps what is on screen: the same query and its preview, now under the saved query's page.
    const target = value.keep_preview ? `/data-connector/api/${saved.id}?${stateToSearch(view.state)}&preview=1` : `/data-connector/api/${saved.id}${format}`;
    return redirectWithToast(target, { type: "success", title: "The query has been saved", description: `"${saved.name}" is in your saved queries.` });
  } catch (error) {
    if (error instanceof Response) throw error;
    console.error("saving the query failed:", error instanceof Error ? error.message : error);
    return redirectWithToast(`${base}?${stateToSearch(view.state)}`, { type: "error", title: "Unable to save the query", description: "An error occurred. Please try again." });
  }
}

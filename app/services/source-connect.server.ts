// The connect step's action, shared by /data-connector/sources/new (new source) and
// /data-connector/sources/{id} (refresh of the authorization).
import { parseWithZod } from "@conform-to/zod/v4";
import { json, redirect } from "@remix-run/node";
import { requireUser } from "./session.server.js";
import { SourceFlowError, startConnect } from "./sources.server.js";
import { ConnectSchema } from "~/utils/sources";

export async function connectAction(request: Request, formData: FormData) {
  const { company, user } = await requireUser(request);
  const submission = parseWithZod(formData, { schema: ConnectSchema });
  if (submission.status !== "success") {
    return json({ result: submission.reply(), failure: null }, { status: 400 });
  }
  const value = submission.value;
  try {
    const next = await startConnect({
      company,
      user,
      platform: value.platform,
      name: value.name,
      sourceId: value.sourceId,
      mode: value.mode,
      fromApp: value.from ?? null,
      origin: new URL(request.url).origin,
    });
    return redirect(next);
  } catch (error) {
    if (!(error instanceof SourceFlowError)) throw error;
    return json({ result: submission.reply(), failure: { title: error.title, message: error.message } }, { status: error.status });
  }
}

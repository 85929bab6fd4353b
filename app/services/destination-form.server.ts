// The action shared by /destinations/new and /destinations/{id}: validate with the type's schema,
// check the connection, save; 400 with field errors or the check's message otherwise.
import { parseWithZod } from "@conform-to/zod/v4";
import { json } from "@remix-run/node";
import { destinationSchema, DESTINATION_MESSAGES, DESTINATION_TYPES } from "~/utils/destinations";
import { saveDestination } from "./destinations.server.js";
import { redirectWithToast } from "./toast.server.js";
import { getEnv } from "../../lib/env.js";
import { readForm, submittedIntent } from "./request-input.server.js";

export function outboundIps(): string[] {
  return (getEnv().SIGNALPOST_OUTBOUND_IPS ?? "")
    .split(",")
    .map((s) => s.trim())
    .filter(Boolean);
}

export async function handleDestinationForm(request: Request, companyId: number, id: number | null): Promise<Response> {
  const formData = await readForm(request);
  // The type picks the fields; an unknown one leaves only name and type, and the type's own error.
  const type = submittedIntent(formData, DESTINATION_TYPES, "type");
  const submission = parseWithZod(formData, { schema: destinationSchema(type, { editing: id !== null }) });
  if (submission.status !== "success") return json({ result: submission.reply(), checkError: null }, { status: 400 });
  const { name, type: chosen, ...values } = submission.value as Record<string, string>;
  try {
    const saved = await saveDestination(companyId, id, { name: name!, type: chosen!, values });
    if (!saved.ok) {
      if (saved.notFound) throw new Response("Not found", { status: 404 });
      if (saved.fieldErrors) return json({ result: submission.reply({ fieldErrors: saved.fieldErrors }), checkError: null }, { status: 400 });
      return json({ result: submission.reply(), checkError: saved.message }, { status: 400 });
    }
  } catch (error) {
    if (error instanceof Response) throw error;
    console.error("[destinations] save failed", error);
    return json(
      { result: submission.reply({ formErrors: [id === null ? DESTINATION_MESSAGES.createFailedText : DESTINATION_MESSAGES.editFailedText] }), checkError: null },
      { status: 500 },
    );
  }
  return redirectWithToast(
    "/data-connector/destinations",
    id === null
      ? { type: "success", title: DESTINATION_MESSAGES.createdTitle, description: DESTINATION_MESSAGES.createdText }
      : { type: "success", title: DESTINATION_MESSAGES.updatedTitle, description: DESTINATION_MESSAGES.updatedText },
  );
}

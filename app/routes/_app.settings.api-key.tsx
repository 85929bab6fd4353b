import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { requireUser } from "~/services/session.server";
import { getDb } from "~/services/db.server";
import { companiesRepo } from "~/services/repositories.server";
import { rotateCompanyApiKey } from "~/services/api-key.server";
import { redirectWithToast } from "~/services/toast.server";
import { ApiKeyField } from "~/components/api-key";
import { ConfirmDialog } from "~/components/confirm-dialog";
import { GeneralErrorBoundary } from "~/components/error-box";
import { parseOrRefuse, readForm } from "~/services/request-input.server";
import { z } from "zod";

const RotateSchema = z.object({ intent: z.literal("rotate", { error: "Unknown action" }) });

/**
 * /settings/api-key: the confirmation step of "rotate the API key" (a page, so it works without
 * JavaScript). Rotating replaces the key at once: every query URL built with the old key
 * answers 401 from then on, and every connected app (add-in, connector) is disconnected.
 */
export const meta = () => [{ title: "Rotate the API key · Settings · Signalpost" }];

export async function loader({ request }: LoaderFunctionArgs) {
  const { company } = await requireUser(request);
  return json({ apiKey: companiesRepo.revealApiKey(company) });
}

export async function action({ request }: ActionFunctionArgs) {
  const { company } = await requireUser(request);
  const form = await readForm(request);
  parseOrRefuse(form, RotateSchema);
  try {
    await rotateCompanyApiKey(getDb(), company.id);
  } catch (error) {
    console.error("api key rotation failed:", error instanceof Error ? error.message : error);
    return redirectWithToast("/settings", { type: "error", title: "Unable to rotate the API key", description: "An error occurred. Please try again." });
  }
  return redirectWithToast("/settings", {
    type: "success",
    title: "Your API key has been rotated",
    description: "Update the query URLs you use: the previous key no longer works. Connected apps were disconnected: sign in to them again.",
  });
}

export default function RotateApiKey() {
  const { apiKey } = useLoaderData<typeof loader>();
  return (
    <section className="max-w-xl rounded-lg bg-white p-6 shadow">
      <h2 className="mb-4 text-lg font-semibold">API key</h2>
      <ApiKeyField apiKey={apiKey} />
      <ConfirmDialog title="Rotate the API key?" confirmLabel="Rotate the key" cancelHref="/settings" fields={{ intent: "rotate" }}>
        A new key replaces the current one. Every query URL, Looker Studio, Power BI, Google Sheets or Excel connection using the current key stops working at once, and every app in Connected apps is disconnected.
      </ConfirmDialog>
    </section>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}

// /link-to/{platform}?uuid=...: the Excel (or Sheets) one-click page of spec 3 §2.8. The add-in
// opened this page with a random uuid; the signed-in user links that uuid to their account here,
// and the add-in then claims an access token once with POST /addons/link/{uuid}. With JavaScript
// the link is made at once; without it, one button does the same POST.
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json, redirect } from "@remix-run/node";
import { Form, useFetcher, useLoaderData } from "@remix-run/react";
import { useEffect } from "react";
import { requireUser } from "~/services/session.server";
import { getDb } from "~/services/db.server";
import { ADDON_PLATFORMS, linkAddon, validLinkUuid } from "~/services/addon-link.server";
import { SubmitButton } from "~/components/forms";
import { OauthErrorBoundary } from "~/components/oauth-consent";

export const meta: MetaFunction = () => [{ title: "Link | Signalpost" }];

function platformOf(param: string | undefined) {
  const name = param ? ADDON_PLATFORMS[param] : undefined;
  if (!name) throw json({ message: "You have requested a non existent endpoint." }, { status: 404 });
  return name;
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireUser(request);
  const platformName = platformOf(params.platform);
  const url = new URL(request.url);
  const uuid = url.searchParams.get("uuid") ?? "";
  if (!validLinkUuid(uuid)) throw json({ message: "This link is not valid: open it again from the add-in." }, { status: 400 });
  return json({ platformName, uuid, linked: url.searchParams.get("linked") === "1" });
}

export async function action({ request, params }: ActionFunctionArgs) {
  const { company, user } = await requireUser(request);
  platformOf(params.platform);
  const form = await request.formData();
  const uuid = String(form.get("uuid") ?? "");
  if (!validLinkUuid(uuid)) throw json({ message: "This link is not valid: open it again from the add-in." }, { status: 400 });
  // Spec 3 §2.8: a failure is only logged; the success text is still shown.
  const ok = await linkAddon(getDb(), company.id, user.id, uuid, params.platform!);
  if (!ok) console.warn(`[link-to] uuid could not be linked for company ${company.id} (already used by someone else or claimed)`);
  return redirect(`/link-to/${encodeURIComponent(params.platform!)}?uuid=${encodeURIComponent(uuid)}&linked=1`);
}

export default function LinkTo() {
  const { platformName, uuid, linked } = useLoaderData<typeof loader>();
  const fetcher = useFetcher();
  useEffect(() => {
    if (!linked && fetcher.state === "idle" && !fetcher.data) fetcher.submit({ uuid }, { method: "post" });
    // One automatic submission per page view.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [linked]);
  const done = linked || (fetcher.state === "idle" && fetcher.data !== undefined);
  return (
    <div className="flex min-h-screen items-center justify-center px-4">
      <div className="w-full max-w-md rounded-lg bg-white p-6 text-center shadow">
        <p className="text-2xl font-bold text-brand-700">Signalpost</p>
        {done ? (
          <div role="status" className="mt-4 text-sm text-slate-700">
            <p>You have successfully linked the product to {platformName}.</p>
            <p className="mt-1">You can return to Excel to start creating your query.</p>
          </div>
        ) : (
          <div className="mt-4 text-sm text-slate-700">
            <p>Trying to link the product to {platformName}.</p>
            <Form method="post" className="mt-4">
              <input type="hidden" name="uuid" value={uuid} />
              <SubmitButton busy={fetcher.state !== "idle"}>Link</SubmitButton>
            </Form>
          </div>
        )}
      </div>
    </div>
  );
}

export function ErrorBoundary() {
  return <OauthErrorBoundary />;
}

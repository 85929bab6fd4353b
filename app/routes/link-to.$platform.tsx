// /link-to/{platform}?uuid=...: the Excel (or Sheets) one-click page of spec 3 §2.8. The add-in
// opened this page with a random uuid. Opening it links nothing (decision 0861): the page says
// which add-in, which company and what it will read, shows the check code the add-in shows, and
// only the "Link" button (a POST from our own origin) links the uuid. The add-in then claims an
// access token once with POST /addons/link/{uuid}. The same form with or without JavaScript.
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json, redirect } from "@remix-run/node";
import { Form, Link, useLoaderData, useNavigation } from "@remix-run/react";
import { requireUser } from "~/services/session.server";
import { getDb } from "~/services/db.server";
import { ADDON_PLATFORMS, addonLinkState, linkAddon, linkCheckCode, validLinkUuid } from "~/services/addon-link.server";
import { SubmitButton } from "~/components/forms";
import { OauthErrorBoundary } from "~/components/oauth-consent";
import { parseOrRefuse, readForm, submittedIntent } from "~/services/request-input.server";
import { z } from "zod";

const BAD_LINK = "This link is not valid: open it again from the add-in.";
const LinkFormSchema = z.object({ uuid: z.string({ error: BAD_LINK }).refine(validLinkUuid, BAD_LINK) });

export const meta: MetaFunction = () => [{ title: "Link an add-in | Signalpost" }];

function platformOf(param: string | undefined) {
  const name = param ? ADDON_PLATFORMS[param] : undefined;
  if (!name) throw json({ message: "You have requested a non existent endpoint." }, { status: 404 });
  return name;
}

function uuidOf(raw: FormDataEntryValue | string | null): string {
  const uuid = typeof raw === "string" ? raw : "";
  if (!validLinkUuid(uuid)) throw json({ message: BAD_LINK }, { status: 400 });
  return uuid;
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { company, user } = await requireUser(request);
  const platformName = platformOf(params.platform);
  const uuid = uuidOf(new URL(request.url).searchParams.get("uuid"));
  const state = await addonLinkState(getDb(), company.id, user.id, uuid);
  return json({ platformName, uuid, code: linkCheckCode(uuid), state, companyName: company.name, email: user.email });
}

export async function action({ request, params }: ActionFunctionArgs) {
  const { company, user } = await requireUser(request);
  platformOf(params.platform);
  const form = await readForm(request);
  const { uuid } = parseOrRefuse(form, LinkFormSchema);
  // The explicit answer of the confirmation form; anything else links nothing.
  if (submittedIntent(form, ["link"], "decision") !== "link") return redirect("/");
  const ok = await linkAddon(getDb(), company.id, user.id, uuid, params.platform!);
  // Spec 3 §2.8: a failure is only logged; the page then says the link cannot be used.
  if (!ok) console.warn(`[link-to] uuid could not be linked for company ${company.id} (already used by someone else or claimed)`);
  return redirect(`/link-to/${encodeURIComponent(params.platform!)}?uuid=${encodeURIComponent(uuid)}`);
}

export default function LinkTo() {
  const { platformName, uuid, code, state, companyName, email } = useLoaderData<typeof loader>();
  const navigation = useNavigation();
  return (
    <div className="flex min-h-screen items-center justify-center px-4">
      <div className="w-full max-w-md rounded-lg bg-white p-6 shadow">
        <p className="text-center text-2xl font-bold text-brand-700">Signalpost</p>
        {state === "linked" || state === "claimed" ? (
          <div role="status" className="mt-4 text-center text-sm text-slate-700">
            <p>You have successfully linked the product to {platformName}.</p>
            <p className="mt-1">You can return to {platformName} to start creating your query.</p>
            <p className="mt-3 text-slate-500">
              You can disconnect it at any time in <Link to="/settings/connected-apps" className="underline">Settings → Connected apps</Link>.
            </p>
          </div>
        ) : state === "unavailable" ? (
          <div role="alert" className="mt-4 text-center text-sm text-slate-700">
            <p>This link has expired or was already used.</p>
            <p className="mt-1">Open the link again from the {platformName} add-in.</p>
          </div>
        ) : (
          <>
            <h1 className="mt-4 text-lg font-medium text-slate-800">Link {platformName} to your account?</h1>
            <p className="mt-2 text-sm text-slate-600">
              Signed in as <strong>{email}</strong> ({companyName}). The {platformName} add-in will be able to list the sources and accounts of{" "}
              <strong>{companyName}</strong> and read their data, as your query URLs do, until you disconnect it in Settings → Connected apps. It cannot change
              anything.
            </p>
            <div className="mt-4 rounded-md border border-amber-200 bg-amber-50 p-3 text-sm text-amber-900">
              <p>
                The add-in that opened this page shows the code <strong data-testid="link-code" className="font-mono">{code}</strong>. Only link it if you opened
                this page yourself from the add-in and it shows this same code. If someone sent you this link, cancel.
              </p>
            </div>
            <Form method="post" className="mt-6 flex justify-end gap-3">
              <input type="hidden" name="uuid" value={uuid} />
              <Link to="/" className="rounded-md border border-slate-300 px-4 py-2 text-sm text-slate-700 hover:bg-slate-50">
                Cancel
              </Link>
              <SubmitButton name="decision" value="link" busy={navigation.state !== "idle" && navigation.formMethod === "POST"}>
                Link {platformName}
              </SubmitButton>
            </Form>
          </>
        )}
      </div>
    </div>
  );
}

export function ErrorBoundary() {
  return <OauthErrorBoundary />;
}

// /data-connector/client-links (issue 22 item 3, decision 0932): links that let a client connect
// one platform for the company without an account. Create one (its URL is shown once: only its
// digest is kept), see each link's state, revoke an unused one. Every form works without JavaScript.
import { getFormProps, getInputProps, getSelectProps, getTextareaProps, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { requireUser } from "~/services/session.server";
import { readForm } from "~/services/request-input.server";
import { createLink, linkablePlatforms, listLinks, revokeLink } from "~/services/client-links.server";
import { CreateLinkSchema, LINK_VALIDITY_DAYS, LinkActionSchema } from "~/utils/client-links";
import { redirectWithToast } from "~/services/toast.server";
import { CopyButton } from "~/components/api-key";
import { Banner, Field, SubmitButton } from "~/components/forms";
import { EmptyState, PageHeader } from "~/components/empty-state";
import { GeneralErrorBoundary } from "~/components/error-box";
import { formatUtc } from "~/utils/format-date";

export const meta = () => [{ title: "Client connect links · Signalpost" }];

export async function loader({ request }: LoaderFunctionArgs) {
  const { company } = await requireUser(request);
  return json({ platforms: linkablePlatforms(), links: await listLinks(company.id) });
}

export async function action({ request }: ActionFunctionArgs) {
  const { company, user } = await requireUser(request);
  const submission = parseWithZod(await readForm(request), { schema: LinkActionSchema });
  if (submission.status !== "success") return json({ result: submission.reply(), created: null }, { status: 400 });
  const value = submission.value;
  if (value.intent === "revoke") {
    if (!(await revokeLink(company.id, value.id))) return json({ result: submission.reply({ formErrors: ["This link cannot be revoked: it does not exist, or was already used or revoked."] }), created: null }, { status: 404 });
    return redirectWithToast("/data-connector/client-links", { type: "success", title: "The link has been revoked", description: "It no longer opens anything." });
  }
  const created = await createLink(company, user, value, new URL(request.url).origin);
  if (!created.ok) return json({ result: submission.reply({ fieldErrors: { [created.field]: [created.message] } }), created: null }, { status: 400 });
  // The URL is shown once, in this answer: only its digest is stored.
  return json({ result: submission.reply({ resetForm: true }), created: { url: created.url, expiresAt: created.expiresAt, clientName: value.clientName } });
}

const STATE_LABELS = { active: "Waiting for the client", used: "Used", expired: "Expired", revoked: "Revoked" } as const;
const STATE_STYLES = { active: "bg-brand-50 text-brand-700", used: "bg-green-50 text-green-800", expired: "bg-slate-100 text-slate-600", revoked: "bg-red-50 text-red-700" } as const;

export default function ClientLinks() {
  const { platforms, links } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const [form, fields] = useForm({
    id: "client-link",
    lastResult: navigation.state === "idle" ? actionData?.result : undefined,
    defaultValue: { days: "7" },
    constraint: getZodConstraint(CreateLinkSchema),
    onValidate: ({ formData }) => parseWithZod(formData, { schema: LinkActionSchema }),
    shouldValidate: "onBlur",
  });
  const created = actionData?.created;
  return (
    <div>
      <PageHeader title="Client connect links" />
      <p className="mb-4 max-w-2xl text-sm text-slate-600">
        Send a client a link to connect one of their accounts for you, without creating a Signalpost account or sharing a password. The link works once; the source
        appears in your sources and you get an e-mail.
      </p>
      {created ? (
        <div className="mb-4 max-w-2xl">
          <Banner tone="success" title={`Send this link to ${created.clientName}`}>
            <div className="mt-2 flex gap-2">
              <input readOnly aria-label="The link" value={created.url} className="block w-full rounded-md border border-slate-300 bg-white px-3 py-2 font-mono text-xs" />
              <CopyButton text={created.url} />
            </div>
            <p className="mt-2 text-xs">It works once, until {formatUtc(created.expiresAt, "")}. Copy it now: it is not shown again.</p>
          </Banner>
        </div>
      ) : null}
      <div className="grid gap-6 lg:grid-cols-[minmax(280px,380px)_1fr]">
        <Form method="post" {...getFormProps(form)} className="min-w-0 space-y-3 rounded-lg bg-white p-5 shadow" aria-label="New link">
          <h2 className="text-base font-semibold">New link</h2>
          <input type="hidden" name="intent" value="create" />
          {form.errors?.length ? <p className="text-sm text-red-600">{form.errors.join(" ")}</p> : null}
          <div>
            <label htmlFor={fields.platform.id} className="block text-sm font-medium text-slate-700">Platform</label>
            <select {...getSelectProps(fields.platform)} className="mt-1 block w-full min-w-0 rounded-md border border-slate-300 bg-white px-3 py-2 text-sm">
              <option value="">Choose a platform</option>
              {platforms.map((p) => <option key={p.id} value={p.id}>{p.name}</option>)}
            </select>
            <div className="min-h-[1.25rem] pt-0.5 text-xs text-red-600" id={`${fields.platform.id}-error`}>{fields.platform.errors?.join(" ")}</div>
          </div>
          <Field label="Client" help="Shown to the client and in the list." errors={fields.clientName.errors} inputProps={getInputProps(fields.clientName, { type: "text" })} />
          <div>
            <label htmlFor={fields.message.id} className="block text-sm font-medium text-slate-700">Message (optional)</label>
            <textarea {...getTextareaProps(fields.message)} rows={3} placeholder="What the data is for" className="mt-1 block w-full rounded-md border border-slate-300 px-3 py-2 text-sm" />
            <div className="min-h-[1.25rem] pt-0.5 text-xs text-red-600">{fields.message.errors?.join(" ")}</div>
          </div>
          <div>
            <label htmlFor={fields.days.id} className="block text-sm font-medium text-slate-700">Valid for</label>
            <select {...getSelectProps(fields.days)} className="mt-1 block w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-sm">
              {LINK_VALIDITY_DAYS.map((d) => <option key={d} value={d}>{d === 1 ? "1 day" : `${d} days`}</option>)}
            </select>
          </div>
          <SubmitButton busy={navigation.state === "submitting" && navigation.formData?.get("intent") === "create"}>Create the link</SubmitButton>
        </Form>
        <section aria-label="Links" className="min-w-0">
          {links.length === 0 ? (
            <EmptyState title="No link yet.">Create one to let a client connect an account for you.</EmptyState>
          ) : (
            <div className="overflow-x-auto rounded-lg bg-white shadow">
              <table className="table-cards min-w-full text-sm">
                <thead className="bg-slate-50 text-left text-xs uppercase text-slate-500">
                  <tr>
                    <th scope="col" className="px-3 py-2">Client</th>
                    <th scope="col" className="px-3 py-2">Platform</th>
                    <th scope="col" className="px-3 py-2">State</th>
                    <th scope="col" className="px-3 py-2">Created</th>
                    <th scope="col" className="px-3 py-2"><span className="sr-only">Actions</span></th>
                  </tr>
                </thead>
                <tbody>
                  {links.map((l) => (
                    <tr key={l.id} className="border-t border-slate-100" data-testid={`link-${l.id}`}>
                      <td data-label="Client" className="px-3 py-2">{l.clientName}</td>
                      <td data-label="Platform" className="px-3 py-2">{l.platformName}</td>
                      <td data-label="State" className="px-3 py-2">
                        <span className={`rounded px-2 py-0.5 text-xs font-medium ${STATE_STYLES[l.state]}`}>{STATE_LABELS[l.state]}</span>
                        <span className="block text-xs text-slate-500">
                          {l.state === "used" && l.source ? (
                            <>Source <Link to={`/data-connector/sources/${l.source.id}`} className="text-brand-700 underline">{l.source.name}</Link>, {formatUtc(l.usedAt, "")}</>
                          ) : l.state === "used" ? (
                            <>Used {formatUtc(l.usedAt, "")} (source deleted since)</>
                          ) : l.state === "revoked" ? (
                            <>Revoked {formatUtc(l.revokedAt, "")}</>
                          ) : (
                            <>{l.state === "expired" ? "Expired" : "Until"} {formatUtc(l.expiresAt, "")}</>
                          )}
                        </span>
                      </td>
                      <td data-label="Created" className="px-3 py-2 text-xs text-slate-500">{formatUtc(l.createdAt, "")}<span className="block">{l.creatorEmail}</span></td>
                      <td className="px-3 py-2 text-right">
                        {l.state === "active" ? (
                          <Form method="post">
                            <input type="hidden" name="intent" value="revoke" />
                            <input type="hidden" name="id" value={l.id} />
                            <button type="submit" className="rounded-md border border-red-200 px-3 py-1 text-xs text-red-700 hover:bg-red-50">Revoke</button>
                          </Form>
                        ) : null}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
        </section>
      </div>
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}

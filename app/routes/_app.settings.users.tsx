import { getFormProps, getInputProps, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation, useSearchParams } from "@remix-run/react";
import { z } from "zod";
import { requireUser } from "~/services/session.server";
import { getDb } from "~/services/db.server";
import { usersRepo } from "~/services/repositories.server";
import { teamRepo } from "~/services/account-repositories.server";
import { inviteUser } from "~/services/team.server";
import { clientAddress } from "~/services/client-address.server";
import { mailLimitMessage } from "~/utils/throttle-messages";
import { redirectWithToast } from "~/services/toast.server";
import { Banner, Field, SubmitButton } from "~/components/forms";
import { ConfirmDialog } from "~/components/confirm-dialog";
import { GeneralErrorBoundary } from "~/components/error-box";
import { DateTime } from "~/components/time";
import { useHydrated } from "~/utils/use-hydrated";
import { parseOrRefuse, readForm, submittedIntent } from "~/services/request-input.server";
import { idField } from "../../lib/ids.js";

export const InviteSchema = z.object({ intent: z.literal("invite"), email: z.email({ error: "Please enter a valid e-mail address" }) });
const UserActionSchema = z.object({ intent: z.enum(["delete", "make-primary", "revoke-invitation"], { error: "Unknown action" }), id: idField() });

export const meta = () => [{ title: "Users · Settings · Signalpost" }];

export async function loader({ request }: LoaderFunctionArgs) {
  const { company, user } = await requireUser(request);
  const db = getDb();
  const [users, invitations] = await Promise.all([usersRepo.listCompanyUsers(db, company.id), teamRepo.listPendingInvitations(db, company.id)]);
  return json({
    me: user.id,
    mainUserId: company.mainUserId,
    users: users.map((u) => ({ id: u.id, email: u.email, name: [u.firstName, u.lastName].filter(Boolean).join(" "), createdAt: u.createdAt.toISOString(), isActive: u.isActive })),
    invitations: invitations.map((i) => ({ id: i.id, email: i.email, expiresAt: i.expiresAt.toISOString() })),
  });
}

export async function action({ request, context }: ActionFunctionArgs) {
  const { company, user } = await requireUser(request);
  const formData = await readForm(request);
  const db = getDb();
  if (submittedIntent(formData, ["invite"])) {
    const submission = parseWithZod(formData, { schema: InviteSchema });
    if (submission.status !== "success") return json({ result: submission.reply(), notice: null }, { status: 400 });
    const email = submission.value.email;
    try {
      const outcome = await inviteUser(company, user, email, clientAddress(context));
      if (typeof outcome === "object") {
        const notice = mailLimitMessage(outcome.limited, outcome.retryInMs);
        return json({ result: submission.reply({ fieldErrors: { email: [notice.title] } }), notice }, { status: 429 });
      }
      if (outcome === "exists") {
        return json(
          {
            result: submission.reply({ fieldErrors: { email: [`The email ${email} already exists on our database.`] } }),
            notice: { title: `The email ${email} already exists on our database.`, text: "If you want to switch the user from one company to another, please ask your account manager." },
          },
          { status: 400 },
        );
      }
    } catch (error) {
      console.error("invite failed", error);
      return json({ result: submission.reply(), notice: { title: `An error occurred when we try to add ${email}`, text: "Try again or contact the support address." } }, { status: 500 });
    }
    return redirectWithToast("/settings/users", { type: "success", title: `An email has been sent to ${email}.`, description: "Once the account is activated, the user can access the product." });
  }
  const { intent, id } = parseOrRefuse(formData, UserActionSchema);
  if (intent === "revoke-invitation") {
    if (!(await teamRepo.revokeInvitation(db, company.id, id))) throw new Response("Invitation not found", { status: 404 });
    return redirectWithToast("/settings/users", { type: "success", title: "The invitation has been cancelled" });
  }
  if (intent === "delete") {
    const outcome = await teamRepo.deleteCompanyUser(db, company.id, id, user.id);
    if (outcome === "not-found") throw new Response("User not found", { status: 404 });
    if (outcome !== "ok") {
      const reason = outcome === "primary" ? "The primary user cannot be deleted." : "You cannot delete your own account.";
      return redirectWithToast("/settings/users", { type: "error", title: "Unable to delete the user", description: reason }, { status: 303 });
    }
    return redirectWithToast("/settings/users", { type: "success", title: "The user has been deleted" });
  }
  const outcome = await teamRepo.makePrimaryUser(db, company.id, id);
  if (outcome === "not-found") throw new Response("User not found", { status: 404 });
  if (outcome === "primary") return redirectWithToast("/settings/users", { type: "error", title: "Unable to change the primary user", description: "This user is already the primary user." });
  return redirectWithToast("/settings/users", { type: "success", title: "The primary user has been changed" });
}

function InviteForm() {
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const hydrated = useHydrated();
  const [form, fields] = useForm({
    id: "invite",
    lastResult: actionData?.result,
    constraint: getZodConstraint(InviteSchema),
    onValidate: ({ formData }) => parseWithZod(formData, { schema: InviteSchema }),
    shouldValidate: "onInput",
  });
  // Spec 3 §5: submit disabled until the form is changed and valid (only meaningful with JavaScript).
  const disabled = hydrated && !(form.dirty && form.valid);
  return (
    <section className="rounded-lg bg-white p-6 shadow">
      <h3 className="mb-3 font-semibold">Invite user</h3>
      {actionData?.notice ? (
        <div className="mb-3">
          <Banner tone="error" title={actionData.notice.title}>{actionData.notice.text}</Banner>
        </div>
      ) : null}
      <Form method="post" {...getFormProps(form)} className="flex items-start gap-3">
        <input type="hidden" name="intent" value="invite" />
        <div className="flex-1">
          <Field label="Email" errors={fields.email.errors} inputProps={{ ...getInputProps(fields.email, { type: "email" }), placeholder: "colleague@company.com" }} />
        </div>
        <div className="pt-6">
          <SubmitButton busy={navigation.state === "submitting" && navigation.formData?.get("intent") === "invite"} disabled={disabled}>Invite</SubmitButton>
        </div>
      </Form>
    </section>
  );
}

export default function UsersTab() {
  const data = useLoaderData<typeof loader>();
  const [params] = useSearchParams();
  const confirm = params.get("confirm");
  const target = data.users.find((u) => String(u.id) === params.get("user"));
  return (
    <div className="space-y-6">
      <InviteForm />
      <section className="rounded-lg bg-white shadow">
        <h2 className="border-b border-slate-100 px-6 py-4 text-lg font-semibold">Users</h2>
        {data.users.length === 0 ? (
          <p className="px-6 py-8 text-center text-sm text-slate-500">No data</p>
        ) : (
          <table className="table-cards w-full text-left text-sm">
            <thead className="bg-slate-50 text-xs uppercase text-slate-500">
              <tr><th className="px-6 py-2">Email</th><th className="px-6 py-2">Name</th><th className="px-6 py-2">Role</th><th className="px-6 py-2 text-right">Actions</th></tr>
            </thead>
            <tbody>
              {data.users.map((u) => (
                <tr key={u.id} className="border-t border-slate-100" data-testid={`user-row-${u.email}`}>
                  <td data-label="Email" className="px-6 py-3">{u.email}</td>
                  <td data-label="Name" className="px-6 py-3">{u.name || "—"}</td>
                  <td data-label="Role" className="px-6 py-3">{u.id === data.mainUserId ? <span className="rounded-full bg-brand-50 px-2 py-0.5 text-xs font-medium text-brand-700">Primary user</span> : "User"}</td>
                  <td data-label="Actions" className="space-x-3 px-6 py-3 text-right">
                    {u.id !== data.mainUserId ? (
                      <>
                        <Link to={`?confirm=make-primary&user=${u.id}`} className="text-brand-600 hover:underline" preventScrollReset>Make primary</Link>
                        {u.id !== data.me ? <Link to={`?confirm=delete&user=${u.id}`} className="text-red-600 hover:underline" preventScrollReset>Delete</Link> : null}
                      </>
                    ) : null}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </section>
      {data.invitations.length ? (
        <section className="rounded-lg bg-white shadow">
          <h2 className="border-b border-slate-100 px-6 py-4 font-semibold">Pending invitations</h2>
          <ul>
            {data.invitations.map((i) => (
              <li key={i.id} className="flex items-center justify-between border-t border-slate-100 px-6 py-3 text-sm">
                <span>{i.email} <span className="text-slate-500">· expires <DateTime value={i.expiresAt} /></span></span>
                <Form method="post"><input type="hidden" name="intent" value="revoke-invitation" /><input type="hidden" name="id" value={i.id} /><button className="text-slate-600 hover:underline">Cancel invitation</button></Form>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      {confirm === "delete" && target ? (
        <ConfirmDialog title="Confirm the deletion of the user" confirmLabel="Delete" cancelHref="/settings/users" fields={{ intent: "delete", id: String(target.id) }}>
          Are you sure you want to delete this user ? <strong className="block pt-1">{target.email}</strong>
        </ConfirmDialog>
      ) : null}
      {confirm === "make-primary" && target ? (
        <ConfirmDialog title="Confirm the primary user change" confirmLabel="Confirm" tone="primary" cancelHref="/settings/users" fields={{ intent: "make-primary", id: String(target.id) }}>
          Are you sure you want to make this user the primary user of the company ? <strong className="block pt-1">{target.email}</strong>
        </ConfirmDialog>
      ) : null}
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}

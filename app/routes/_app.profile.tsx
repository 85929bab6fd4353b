import { getFormProps, getInputProps, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { z } from "zod";
import { newPasswordSchema } from "~/utils/password-rule";
import { requireUser } from "~/services/session.server";
import { getDb } from "~/services/db.server";
import { teamRepo } from "~/services/account-repositories.server";
import { usersRepo } from "~/services/repositories.server";
import { screenTimeZone } from "~/services/time-zone.server";
import { timeZoneNames, validTimeZone } from "~/utils/time-zones";
import { redirectWithToast } from "~/services/toast.server";
import { changePassword } from "~/services/team.server";
import { Field, SubmitButton } from "~/components/forms";
import { PageHeader } from "~/components/empty-state";
import { GeneralErrorBoundary } from "~/components/error-box";
import { readForm, submittedIntent } from "~/services/request-input.server";

export const NamesSchema = z.object({
  intent: z.literal("names"),
  firstName: z.string().trim().max(80).optional(),
  lastName: z.string().trim().max(80).optional(),
});
export const PasswordSchema = z
  .object({
    intent: z.literal("password"),
    currentPassword: z.string().optional(),
    newPassword: newPasswordSchema("Please choose a new password"),
    confirmPassword: z.string({ error: "Please repeat the new password" }),
  })
  .refine((v) => v.newPassword === v.confirmPassword, { path: ["confirmPassword"], message: "The two passwords differ" });
export const TimeZoneSchema = z.object({
  intent: z.literal("time-zone"),
  // "" is "the browser's"; anything else must be a zone this server knows.
  timeZone: z.string().max(64).default("").refine((v) => v === "" || validTimeZone(v) !== undefined, "Choose a time zone from the list"),
});
const Schema = z.discriminatedUnion("intent", [NamesSchema, PasswordSchema, TimeZoneSchema]);

export const meta = () => [{ title: "Your profile · Signalpost" }];

export async function loader({ request }: LoaderFunctionArgs) {
  const { user } = await requireUser(request);
  const zone = screenTimeZone(request, user);
  return json({ email: user.email, firstName: user.firstName, lastName: user.lastName, hasPassword: Boolean(user.passwordHash), timeZone: user.timeZone ?? "", shownZone: zone, zones: timeZoneNames() });
}

export async function action({ request }: ActionFunctionArgs) {
  const { user, company } = await requireUser(request);
  const formData = await readForm(request);
  // Which form the errors belong to, even when the rest of it fails.
  const intent = submittedIntent(formData, ["names", "password", "time-zone"]) ?? null;
  const submission = parseWithZod(formData, { schema: Schema });
  if (submission.status !== "success") return json({ intent, result: submission.reply({ hideFields: ["currentPassword", "newPassword", "confirmPassword"] }) }, { status: 400 });
  const v = submission.value;
  const db = getDb();
  if (v.intent === "time-zone") {
    await usersRepo.setUserTimeZone(db, company.id, user.id, v.timeZone || null);
    return redirectWithToast("/profile", { type: "success", title: "Your time zone has been saved", description: v.timeZone ? `Times are shown in ${v.timeZone}.` : "Times are shown in your browser's time zone." });
  }
  if (v.intent === "names") {
    await teamRepo.updateUserNames(db, company.id, user.id, { firstName: v.firstName || null, lastName: v.lastName || null });
    return redirectWithToast("/profile", { type: "success", title: "Your profile has been saved" });
  }
  if (!(await changePassword(user, v.currentPassword, v.newPassword))) {
    return json(
      { intent, result: submission.reply({ fieldErrors: { currentPassword: ["This is not your current password"] }, hideFields: ["currentPassword", "newPassword", "confirmPassword"] }) },
      { status: 400 },
    );
  }
  return redirectWithToast("/profile", { type: "success", title: "Your password has been changed" });
}

export default function Profile() {
  const data = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const busy = (i: string) => navigation.state === "submitting" && navigation.formData?.get("intent") === i;
  const [namesForm, names] = useForm({
    id: "names",
    lastResult: actionData?.intent === "names" ? actionData.result : undefined,
    defaultValue: { firstName: data.firstName ?? "", lastName: data.lastName ?? "" },
    constraint: getZodConstraint(NamesSchema),
    onValidate: ({ formData }) => parseWithZod(formData, { schema: NamesSchema }),
  });
  const [pwForm, pw] = useForm({
    id: "password",
    lastResult: actionData?.intent === "password" ? actionData.result : undefined,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: PasswordSchema }),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });
  return (
    <div className="max-w-xl space-y-6">
      <PageHeader title="Your profile" />
      <section className="rounded-lg bg-white p-6 shadow">
        <h2 className="mb-4 font-semibold">Your names</h2>
        <Form method="post" {...getFormProps(namesForm)}>
          <input type="hidden" name="intent" value="names" />
          <Field label="Email" inputProps={{ id: "profile-email", value: data.email, readOnly: true }} />
          <div className="grid grid-cols-2 gap-3">
            <Field label="First name" errors={names.firstName.errors} inputProps={{ ...getInputProps(names.firstName, { type: "text" }), autoComplete: "given-name" }} />
            <Field label="Last name" errors={names.lastName.errors} inputProps={{ ...getInputProps(names.lastName, { type: "text" }), autoComplete: "family-name" }} />
          </div>
          <SubmitButton busy={busy("names")}>Save</SubmitButton>
        </Form>
      </section>
      <section className="rounded-lg bg-white p-6 shadow">
        <h2 className="mb-1 font-semibold">Time zone</h2>
        <p className="mb-4 text-sm text-slate-600" data-testid="time-zone-now">
          Times are shown in <strong>{data.shownZone.timeZone}</strong>
          {data.shownZone.source === "profile" ? " (your choice)." : data.shownZone.source === "browser" ? " (your browser's)." : " (your browser has not told us its zone: pages need JavaScript for that)."}
        </p>
        <Form method="post">
          <input type="hidden" name="intent" value="time-zone" />
          <label htmlFor="time-zone" className="block text-sm font-medium text-slate-700">Show times in</label>
          <select id="time-zone" name="timeZone" defaultValue={data.timeZone} className="mt-1 block w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-sm">
            <option value="">My browser&apos;s time zone</option>
            {data.zones.map((z) => <option key={z} value={z}>{z.replace(/_/g, " ")}</option>)}
          </select>
          {actionData?.intent === "time-zone" && actionData.result.error?.timeZone ? <p className="mt-1 text-xs text-red-600">{actionData.result.error.timeZone.join(" ")}</p> : null}
          <SubmitButton className="mt-3" pendingLabel="Saving…">Save</SubmitButton>
        </Form>
      </section>
      <section className="rounded-lg bg-white p-6 shadow">
        <h2 className="mb-4 font-semibold">Password</h2>
        <Form method="post" {...getFormProps(pwForm)}>
          <input type="hidden" name="intent" value="password" />
          {data.hasPassword ? (
            <Field label="Current password" errors={pw.currentPassword.errors} inputProps={{ ...getInputProps(pw.currentPassword, { type: "password" }), autoComplete: "current-password" }} />
          ) : null}
          <Field label="New password" errors={pw.newPassword.errors} inputProps={{ ...getInputProps(pw.newPassword, { type: "password" }), autoComplete: "new-password" }} />
          <Field label="Repeat the new password" errors={pw.confirmPassword.errors} inputProps={{ ...getInputProps(pw.confirmPassword, { type: "password" }), autoComplete: "new-password" }} />
          <SubmitButton busy={busy("password")}>Change password</SubmitButton>
        </Form>
      </section>
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}

// /clients/{id}/alerts/create/cross-platform (issue 22, decision 0931): an alert on the client's
// total spend across its ads platforms, in the company's reporting currency.
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { getFormProps, getInputProps, useForm } from "@conform-to/react";
import { getZodConstraint } from "@conform-to/zod/v4";
import { requireUser } from "~/services/session.server";
import { readForm } from "~/services/request-input.server";
import { requireClient } from "~/services/alerts.server";
import { createCrossPlatformAlert, crossPlatformAlertForm } from "~/services/cross-platform-alert.server";
import { CROSS_PLATFORM_OPERATORS, CROSS_PLATFORM_WINDOWS, CrossPlatformAlertSchema } from "~/utils/cross-platform-alert";
import { redirectWithToast } from "~/services/toast.server";
import { Banner, Field, SubmitButton } from "~/components/forms";
import { PageHeader } from "~/components/empty-state";
import { GeneralErrorBoundary } from "~/components/error-box";
import { AGGREGATION_LABELS, COMPARISON_LABELS, DURING_LABELS } from "../../engine/browser.js";

export const meta = () => [{ title: "Cross-platform spend alert · Signalpost" }];

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { company } = await requireUser(request);
  const client = await requireClient(company.id, params.clientId);
  return json(await crossPlatformAlertForm(company, client));
}

export async function action({ request, params }: ActionFunctionArgs) {
  const { company, user } = await requireUser(request);
  const client = await requireClient(company.id, params.clientId);
  const submission = parseWithZod(await readForm(request), { schema: CrossPlatformAlertSchema });
  if (submission.status !== "success") return json(submission.reply(), { status: 400 });
  const created = await createCrossPlatformAlert(company, user.id, client, submission.value);
  if (!created.ok) return json(submission.reply({ fieldErrors: { [created.field]: [created.message] } }), { status: 400 });
  return redirectWithToast(`/clients/${client.dataSource.id}/details/${created.configuredForId}`, {
    type: "success",
    title: "The alert has been created",
    description: "It adds up the spend of the chosen accounts; its first evaluation runs now.",
  });
}

const SELECT = "mt-1 block w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-sm";

export default function CrossPlatformAlert() {
  const data = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  const navigation = useNavigation();
  const [form, fields] = useForm({
    id: "cross-platform-alert",
    lastResult,
    defaultValue: { title: "Total ads spend", account: data.preselected.map(String), operator: "sum", comparison: "above", during: "yesterday" },
    constraint: getZodConstraint(CrossPlatformAlertSchema),
    onValidate: ({ formData }) => parseWithZod(formData, { schema: CrossPlatformAlertSchema }),
    shouldValidate: "onBlur",
  });
  const currencies = [...new Set(data.accounts.map((a) => a.currency ?? "?"))];
  const defaults = (fields.account.initialValue as string[] | string | undefined) ?? [];
  const checked = new Set(Array.isArray(defaults) ? defaults : [defaults]);
  return (
    <div className="max-w-2xl">
      <PageHeader title="Cross-platform spend alert" />
      <p className="mb-4 text-sm text-slate-600">
        Adds up the spend of {data.clientName} on every ads platform you choose below, day by day, and alerts when the total crosses your amount.
        {data.reportingCurrency ? ` Amounts are in ${data.reportingCurrency}, your reporting currency (converted at the ECB's rate of each day).` : ""}
      </p>
      {!data.reportingCurrency && currencies.length > 1 ? (
        <div className="mb-4">
          <Banner tone="info" title="Accounts in several currencies">
            Your ads accounts spend in {currencies.join(", ")}. To add them up, choose a reporting currency in <Link to="/settings/currency" className="underline">Settings → Currency</Link>.
          </Banner>
        </div>
      ) : null}
      <Form method="post" {...getFormProps(form)} className="space-y-4 rounded-lg bg-white p-6 shadow">
        {form.errors?.length ? <p className="text-sm text-red-600">{form.errors.join(" ")}</p> : null}
        <Field label="Name" errors={fields.title.errors} inputProps={getInputProps(fields.title, { type: "text" })} />
        <fieldset aria-describedby={fields.account.errors?.length ? `${fields.account.id}-error` : undefined}>
          <legend className="text-sm font-medium text-slate-700">Accounts to add up</legend>
          {data.accounts.length === 0 ? (
            <p className="mt-1 text-sm text-slate-500">No ads account is activated: activate accounts in Sources first.</p>
          ) : (
            <ul className="mt-1 max-h-64 space-y-1 overflow-auto">
              {data.accounts.map((a) => (
                <li key={a.dataSourceId}>
                  <label className="flex items-center gap-2 text-sm text-slate-700">
                    <input type="checkbox" name={fields.account.name} value={a.dataSourceId} defaultChecked={checked.has(String(a.dataSourceId))} className="h-4 w-4" />
                    {a.name} <span className="text-xs text-slate-500">{a.platformName}{a.currency ? ` · ${a.currency}` : ""}</span>
                  </label>
                </li>
              ))}
            </ul>
          )}
          <div id={`${fields.account.id}-error`} className="min-h-[1.25rem] pt-0.5 text-xs text-red-600">{fields.account.errors?.join(" ")}</div>
        </fieldset>
        <div className="grid gap-3 sm:grid-cols-2">
          <label className="block text-sm font-medium text-slate-700">
            Combine the days by
            <select name={fields.operator.name} defaultValue={fields.operator.initialValue as string} className={SELECT}>
              {CROSS_PLATFORM_OPERATORS.map((o) => <option key={o} value={o}>{AGGREGATION_LABELS[o]}</option>)}
            </select>
          </label>
          <label className="block text-sm font-medium text-slate-700">
            Over
            <select name={fields.during.name} defaultValue={fields.during.initialValue as string} className={SELECT}>
              {CROSS_PLATFORM_WINDOWS.map((d) => <option key={d} value={d}>{DURING_LABELS[d]}</option>)}
            </select>
          </label>
          <label className="block text-sm font-medium text-slate-700">
            Alert when the spend is
            <select name={fields.comparison.name} defaultValue={fields.comparison.initialValue as string} className={SELECT}>
              {(["above", "below"] as const).map((c) => <option key={c} value={c}>{COMPARISON_LABELS[c]}</option>)}
            </select>
          </label>
          <Field label={`Amount${data.reportingCurrency ? ` (${data.reportingCurrency})` : ""}`} errors={fields.amount.errors} inputProps={{ ...getInputProps(fields.amount, { type: "number" }), step: "0.01", min: "0" }} />
        </div>
        <div className="flex justify-end gap-2">
          <Link to={`/clients/${data.clientId}/anomalies`} className="rounded-md px-4 py-2 text-sm text-slate-600 hover:bg-slate-100">Cancel</Link>
          <SubmitButton busy={navigation.state === "submitting"}>Create the alert</SubmitButton>
        </div>
      </Form>
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}

// Settings → Currency (issue 22, decision 0930): the company's reporting currency. Queries then
// show every money column twice: as the platform reports it, and converted at the ECB's rate of
// the row's day, with that day.
import { getFormProps, getSelectProps, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { requireUser } from "~/services/session.server";
import { readForm } from "~/services/request-input.server";
import { currencySettings, saveReportingCurrency } from "~/services/currency-settings.server";
import { ReportingCurrencySchema } from "~/utils/currency";
import { redirectWithToast } from "~/services/toast.server";
import { Banner, SubmitButton } from "~/components/forms";
import { GeneralErrorBoundary } from "~/components/error-box";
import { formatUtc } from "~/utils/format-date";

export const meta = () => [{ title: "Currency · Settings · Signalpost" }];

export async function loader({ request }: LoaderFunctionArgs) {
  const { company } = await requireUser(request);
  return json(await currencySettings(company));
}

export async function action({ request }: ActionFunctionArgs) {
  const { company } = await requireUser(request);
  const submission = parseWithZod(await readForm(request), { schema: ReportingCurrencySchema });
  if (submission.status !== "success") return json(submission.reply(), { status: 400 });
  const saved = await saveReportingCurrency(company.id, submission.value.currency);
  if (!saved.ok) return json(submission.reply({ fieldErrors: { currency: [saved.message] } }), { status: 400 });
  const currency = submission.value.currency;
  return redirectWithToast("/settings/currency", {
    type: "success",
    title: "The reporting currency has been saved",
    description: currency ? `Money columns now also show their value in ${currency}.` : "Money columns are no longer converted.",
  });
}

const rateFormat = new Intl.NumberFormat("en-GB", { maximumSignificantDigits: 6 });

export default function CurrencyTab() {
  const data = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  const navigation = useNavigation();
  const [form, fields] = useForm({
    id: "currency",
    lastResult,
    defaultValue: { currency: data.reportingCurrency ?? "" },
    constraint: getZodConstraint(ReportingCurrencySchema),
    onValidate: ({ formData }) => parseWithZod(formData, { schema: ReportingCurrencySchema }),
  });
  const errorId = fields.currency.errors?.length ? `${fields.currency.id}-error` : undefined;
  return (
    <section className="max-w-xl space-y-6 rounded-lg bg-white p-6 shadow">
      <div>
        <h2 className="mb-2 text-lg font-semibold">Reporting currency</h2>
        <p className="text-sm text-slate-600">
          Each platform reports money in its account&apos;s currency. With a reporting currency, every money column of your queries gets a second column in that
          currency, converted at the European Central Bank&apos;s reference rate of the row&apos;s day. Both columns are always shown, with the rate and its date.
        </p>
      </div>
      <Form method="post" {...getFormProps(form)} className="space-y-3">
        <div>
          <label htmlFor={fields.currency.id} className="block text-sm font-medium text-slate-700">
            Reporting currency
          </label>
          <select
            {...getSelectProps(fields.currency)}
            aria-invalid={errorId ? true : undefined}
            aria-describedby={errorId}
            className="mt-1 block w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-sm"
          >
            <option value="">No conversion</option>
            {data.choices.map((c) => (
              <option key={c.code} value={c.code}>
                {c.code} · {c.name}
              </option>
            ))}
          </select>
          <div className="min-h-[1.25rem] pt-0.5 text-xs text-red-600" id={errorId}>
            {fields.currency.errors?.join(" ")}
          </div>
        </div>
        <SubmitButton busy={navigation.state === "submitting"}>Save</SubmitButton>
      </Form>
      <div className="border-t border-slate-200 pt-4">
        <h3 className="mb-2 text-base font-semibold">Exchange rates</h3>
        {data.coverage ? (
          <>
            <p className="text-sm text-slate-600">
              European Central Bank reference rates of {data.coverage.days.toLocaleString("en-GB")} working days, from {data.coverage.first} to {data.coverage.last}; last
              fetched {formatUtc(data.coverage.fetchedAt, "never")}. A day without rates (week-end, bank holiday) uses the previous publication, at most 7 days back;
              beyond that the converted cell stays empty and the row says why.
            </p>
            <table className="mt-3 w-full text-left text-sm">
              <caption className="mb-1 text-left text-xs text-slate-500">One euro on {data.coverage.last}</caption>
              <thead>
                <tr className="border-b border-slate-200 text-xs uppercase text-slate-500">
                  <th scope="col" className="py-1">Currency</th>
                  <th scope="col" className="py-1 text-right">Rate</th>
                </tr>
              </thead>
              <tbody>
                {data.latest.map((r) => (
                  <tr key={r.currency} className="border-b border-slate-100">
                    <td className="py-1">{r.currency}</td>
                    <td className="py-1 text-right tabular-nums">{rateFormat.format(r.rate)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </>
        ) : (
          <Banner tone="info" title="No rates yet">
            The worker fetches the European Central Bank&apos;s rates when it starts and then every day at 17:00 Frankfurt time. Until then, converted columns stay
            empty and say that no rate exists.
          </Banner>
        )}
      </div>
    </section>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}

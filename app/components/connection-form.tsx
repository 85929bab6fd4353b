import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { SubmitButton } from "./forms";
import { PageHeader } from "./empty-state";

type Data = {
  connection: { id: number; name: string; dataSourceId: number; destinationType: string } | null;
  accounts: Array<{ value: number; label: string }>;
  destinationTypes: Array<{ value: string; label: string }>;
};

/** Create or edit a connection (account x destination type); a plain POST form. */
export function ConnectionForm() {
  const data = useLoaderData<Data>();
  const actionData = useActionData<{ result: { error?: Record<string, string[] | null> } }>();
  const navigation = useNavigation();
  const errors = actionData?.result.error ?? {};
  const c = data.connection;
  const err = (k: string) => (errors[k]?.length ? <p id={`${k}-error`} role="alert" className="mt-1 text-xs text-red-600">{errors[k]![0]}</p> : null);
  return (
    <div>
      <PageHeader title={c ? `Connection: ${c.name}` : "New connection"} actions={c ? <Link to={`/data-connector/connections/${c.id}/details`} className="text-sm text-brand-700 hover:underline">Details</Link> : null} />
      <Form method="post" noValidate className="max-w-lg space-y-4 rounded-lg bg-white p-6 shadow">
        <label className="block text-sm">
          <span className="block text-slate-700">Name</span>
          <input name="name" defaultValue={c?.name ?? ""} aria-describedby="name-error" className="mt-1 w-full rounded-md border border-slate-300 px-3 py-1.5" />
          {err("name")}
        </label>
        <label className="block text-sm">
          <span className="block text-slate-700">Account</span>
          <select name="dataSourceId" defaultValue={c?.dataSourceId ?? ""} aria-describedby="dataSourceId-error" className="mt-1 w-full rounded-md border border-slate-300 px-2 py-1.5">
            <option value="">Choose an account</option>
            {data.accounts.map((a) => <option key={a.value} value={a.value}>{a.label}</option>)}
          </select>
          {err("dataSourceId")}
        </label>
        <label className="block text-sm">
          <span className="block text-slate-700">Destination</span>
          <select name="destinationType" defaultValue={c?.destinationType ?? ""} aria-describedby="destinationType-error" className="mt-1 w-full rounded-md border border-slate-300 px-2 py-1.5">
            <option value="">Choose a destination</option>
            {data.destinationTypes.map((d) => <option key={d.value} value={d.value}>{d.label}</option>)}
          </select>
          {err("destinationType")}
        </label>
        <div className="flex justify-end gap-3">
          <Link to="/data-connector/usage" className="rounded-md border border-slate-300 px-4 py-2 text-sm text-slate-700">Cancel</Link>
          <SubmitButton busy={navigation.state === "submitting"}>{c ? "Save" : "Create"}</SubmitButton>
        </div>
      </Form>
    </div>
  );
}

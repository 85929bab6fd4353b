import { PageHeader } from "~/components/empty-state";

export const meta = () => [{ title: "Help · Signalpost" }];

export default function Help() {
  return (
    <div className="max-w-2xl space-y-4 text-sm text-slate-700">
      <PageHeader title="Help" />
      <p>Sources connect your platforms; each activated account can feed query URLs, data streams and alerts.</p>
      <p>Query URLs are built in the API page and read by Looker Studio, Google Sheets, Excel, Power BI and Tableau.</p>
      <p>Data streams run scheduled jobs that load your fields into a database or a storage bucket.</p>
      <p>Need more? Contact your account manager.</p>
    </div>
  );
}

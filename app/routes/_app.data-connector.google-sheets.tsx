import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireUser } from "~/services/session.server";
import { GeneralErrorBoundary } from "~/components/error-box";
import { SpreadsheetPage } from "~/components/spreadsheet-page";
import { GOOGLE_SHEETS_DEMO_URL, GOOGLE_SHEETS_INSTALL_URL } from "~/utils/bi-links";

export const meta = () => [{ title: "Google Sheets · Signalpost" }];

export async function loader({ request }: LoaderFunctionArgs) {
  await requireUser(request);
  return null;
}

export default function GoogleSheetsPage() {
  return (
    <SpreadsheetPage
      title="Google Sheets"
      intro="Bring your marketing data into Google Sheets: install the add-on, or paste a CSV query URL into =IMPORTDATA(...) in any cell."
      installHref={GOOGLE_SHEETS_INSTALL_URL}
      installLabel="Install the add-on"
      demoHref={GOOGLE_SHEETS_DEMO_URL}
      demoLabel="Open the demo sheet"
      cards={[
        { title: "Build a query", text: "Choose the source, accounts, fields and dates in the query builder, with the CSV format.", href: "/data-connector/api?format=csv" },
        { title: "Import it with a formula", text: "Copy the URL and write =IMPORTDATA(\"<url>\") in a cell: Sheets refreshes it about every hour.", href: "/data-connector/api?format=csv" },
        { title: "Start from a template", text: "Ready-made reports fill themselves with your accounts once you set your API key.", href: "/templates/GOOGLE_SHEETS" },
      ]}
    />
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}

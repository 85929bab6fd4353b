import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireUser } from "~/services/session.server";
import { GeneralErrorBoundary } from "~/components/error-box";
import { SpreadsheetPage } from "~/components/spreadsheet-page";
import { EXCEL_DEMO_URL, EXCEL_INSTALL_URL } from "~/utils/bi-links";

export const meta = () => [{ title: "Microsoft Excel · Signalpost" }];

export async function loader({ request }: LoaderFunctionArgs) {
  await requireUser(request);
  return null;
}

export default function MicrosoftExcelPage() {
  return (
    <SpreadsheetPage
      title="Microsoft Excel"
      intro="Bring your marketing data into Excel: install the add-in, or load a query URL with Data → From Web (Power Query)."
      installHref={EXCEL_INSTALL_URL}
      installLabel="Install the add-in"
      demoHref={EXCEL_DEMO_URL}
      demoLabel="Watch the demo"
      cards={[
        { title: "Build a query", text: "Choose the source, accounts, fields and dates in the query builder; JSON and CSV both load in Excel.", href: "/data-connector/api?format=csv" },
        { title: "Load it from the web", text: "In Excel choose Data → From Web, paste the URL, then Load: refresh it whenever you want new figures.", href: "/data-connector/api?format=csv" },
        { title: "Use your saved queries", text: "Saved queries keep their URL: reuse them in several workbooks.", href: "/data-connector/api?tab=saved" },
      ]}
    />
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}

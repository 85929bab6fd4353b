import { EmptyState, PageHeader } from "~/components/empty-state";
import { GeneralErrorBoundary } from "~/components/error-box";

export const meta = () => [{ title: "Google Sheets · Signalpost" }];

export default function Page() {
  return (
    <div>
      <PageHeader title="Google Sheets" />
      <EmptyState title="Install the Signalpost add-on to pull your data into Google Sheets." />
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}

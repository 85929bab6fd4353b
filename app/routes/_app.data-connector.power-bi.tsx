import { EmptyState, PageHeader } from "~/components/empty-state";
import { GeneralErrorBoundary } from "~/components/error-box";

export const meta = () => [{ title: "Power BI · Signalpost" }];

export default function Page() {
  return (
    <div>
      <PageHeader title="Power BI" />
      <EmptyState title="You do not have any query saved yet." />
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}

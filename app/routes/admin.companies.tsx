import { EmptyState, PageHeader } from "~/components/empty-state";
import { GeneralErrorBoundary } from "~/components/error-box";

export default function Page() {
  return (
    <div>
      <PageHeader title="Companies" />
      <EmptyState title="No data" />
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}

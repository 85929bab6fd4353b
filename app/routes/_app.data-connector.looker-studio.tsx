import { EmptyState, PageHeader } from "~/components/empty-state";
import { GeneralErrorBoundary } from "~/components/error-box";

export const meta = () => [{ title: "Looker Studio · Signalpost" }];

export default function Page() {
  return (
    <div>
      <PageHeader title="Looker Studio" />
      <EmptyState title="No connectors found matching your search." />
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}

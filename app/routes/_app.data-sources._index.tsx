import { EmptyState, PageHeader } from "~/components/empty-state";
import { GeneralErrorBoundary } from "~/components/error-box";

export const meta = () => [{ title: "Data sources · Signalpost" }];

export default function Page() {
  return (
    <div>
      <PageHeader title="Data sources" />
      <EmptyState title="No data" />
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}

import { EmptyState, PageHeader } from "~/components/empty-state";
import { GeneralErrorBoundary } from "~/components/error-box";

export const meta = () => [{ title: "Data streams · Signalpost" }];

export default function Page() {
  return (
    <div>
      <PageHeader title="Data streams" />
      <EmptyState title="You have no data stream yet." />
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}

import { EmptyState, PageHeader } from "~/components/empty-state";
import { GeneralErrorBoundary } from "~/components/error-box";

export const meta = () => [{ title: "Add a client · Signalpost" }];

export default function Page() {
  return (
    <div>
      <PageHeader title="Add a client" />
      <EmptyState title="Connect a source first to protect its accounts." />
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}

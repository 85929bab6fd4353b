import { EmptyState, PageHeader } from "~/components/empty-state";
import { GeneralErrorBoundary } from "~/components/error-box";

export const meta = () => [{ title: "Settings · Signalpost" }];

export default function Page() {
  return (
    <div>
      <PageHeader title="Settings" />
      <EmptyState title="No data" />
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}

import { EmptyState, PageHeader } from "~/components/empty-state";
import { GeneralErrorBoundary } from "~/components/error-box";

export const meta = () => [{ title: "Simple pricing, no commitment. · Signalpost" }];

export default function Page() {
  return (
    <div>
      <PageHeader title="Simple pricing, no commitment." />
      <EmptyState title="Plans will appear here." />
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}

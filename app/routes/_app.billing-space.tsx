import { EmptyState, PageHeader } from "~/components/empty-state";
import { GeneralErrorBoundary } from "~/components/error-box";

export const meta = () => [{ title: "Billing · Signalpost" }];

export default function Page() {
  return (
    <div>
      <PageHeader title="Billing" />
      <EmptyState title="Your billing space will appear here once you subscribe." />
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}

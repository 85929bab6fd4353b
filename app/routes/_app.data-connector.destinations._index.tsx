import { EmptyState, PageHeader } from "~/components/empty-state";
import { GeneralErrorBoundary } from "~/components/error-box";

export const meta = () => [{ title: "Destinations · Signalpost" }];

export default function Page() {
  return (
    <div>
      <PageHeader title="Destinations" />
      <EmptyState title="You have no destination yet." />
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}

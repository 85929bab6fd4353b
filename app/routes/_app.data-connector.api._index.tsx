import { EmptyState, PageHeader } from "~/components/empty-state";
import { GeneralErrorBoundary } from "~/components/error-box";

export const meta = () => [{ title: "Query builder · Signalpost" }];

export default function Page() {
  return (
    <div>
      <PageHeader title="Query builder" />
      <EmptyState title="Please input all the required field on the left side" />
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}

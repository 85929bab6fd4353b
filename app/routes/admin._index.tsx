import { EmptyState, PageHeader } from "~/components/empty-state";
import { GeneralErrorBoundary } from "~/components/error-box";

export default function Page() {
  return (
    <div>
      <PageHeader title="Administration" />
      <EmptyState title="Manage Data Studio fields, companies and users from the menu." />
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}

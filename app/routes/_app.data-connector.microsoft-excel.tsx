import { EmptyState, PageHeader } from "~/components/empty-state";
import { GeneralErrorBoundary } from "~/components/error-box";

export const meta = () => [{ title: "Microsoft Excel · Signalpost" }];

export default function Page() {
  return (
    <div>
      <PageHeader title="Microsoft Excel" />
      <EmptyState title="Install the Signalpost add-in to pull your data into Excel." />
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}

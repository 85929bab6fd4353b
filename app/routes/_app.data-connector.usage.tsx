import { UsageScreen } from "~/components/usage-screen";
import { GeneralErrorBoundary } from "~/components/error-box";

export const meta = () => [{ title: "Usage · Signalpost" }];

export default function UsagePage() {
  return <UsageScreen />;
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}

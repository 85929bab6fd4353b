// The header shared by the automatic-check pages (security, conversion tags): the last check
// time, the last run's error, "not available" for platforms without the check, and a
// "Check now" form (a plain POST, so it works without JavaScript).
import { Form, useNavigation } from "@remix-run/react";
import { PageHeader } from "./empty-state";
import { SubmitButton } from "./forms";

export type CheckRunInfo = { offered: boolean; checkedAt: string | null; error: string | null };

export const formatCheckedAt = (iso: string) => iso.replace("T", " ").slice(0, 16) + " UTC";

export function AutomaticCheckHeader({ title, run }: { title: string; run: CheckRunInfo }) {
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formMethod?.toLowerCase() === "post";
  return (
    <>
      <PageHeader
        title={title}
        actions={
          run.offered ? (
            <Form method="post">
              <SubmitButton name="intent" value="check" busy={busy}>Check now</SubmitButton>
            </Form>
          ) : null
        }
      />
      {!run.offered ? (
        <p className="mb-3 text-sm text-slate-600">Not available for this platform: it does not report this check.</p>
      ) : (
        <p className="mb-3 text-sm text-slate-600" data-testid="last-checked">
          {run.checkedAt ? `Last checked ${formatCheckedAt(run.checkedAt)}` : "Not checked yet: the check runs once a day, the first one is on its way."}
        </p>
      )}
      {run.error ? (
        <p role="alert" className="mb-3 text-sm text-red-700">
          Not available: {run.error}
        </p>
      ) : null}
    </>
  );
}

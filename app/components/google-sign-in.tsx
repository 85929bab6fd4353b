import { Form } from "@remix-run/react";

/**
 * "Sign in with Google" (issue 19): one button for the sign-in, sign-up and BI redirect pages.
 * When the server has no Google app it says so instead of sending the user to a consent page
 * that can only fail.
 */
export function GoogleSignIn({ configured, redirectTo, label = "Sign in with Google" }: { configured: boolean; redirectTo: string; label?: string }) {
  if (!configured) {
    return (
      <p className="rounded-md border border-dashed border-slate-300 px-3 py-2 text-center text-xs text-slate-600" data-testid="google-unconfigured">
        {label.replace(/^Sign (in|up) with Google/, "Signing $1 with Google")} is not set up on this server.
      </p>
    );
  }
  return (
    <Form method="post" action="/auth/google">
      <input type="hidden" name="redirectTo" value={redirectTo} />
      <button type="submit" className="flex w-full items-center justify-center gap-2 rounded-md border border-slate-300 bg-white px-4 py-2 text-sm font-medium text-slate-700 hover:bg-slate-50">
        <span aria-hidden className="font-bold text-[#4285f4]">G</span> {label}
      </button>
    </Form>
  );
}

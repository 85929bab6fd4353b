import { createCookieSessionStorage, redirect } from "@remix-run/node";
import { z } from "zod";
import { getSessionSecrets } from "../../lib/secrets.js";
import { getEnv } from "../../lib/env.js";

/** Toasts travel in their own short-lived cookie so they survive redirects, signed in or not. */
export const ToastSchema = z.object({
  type: z.enum(["info", "success", "error"]).default("info"),
  title: z.string(),
  description: z.string().optional(),
});
export type Toast = z.infer<typeof ToastSchema>;

type ToastData = { toast: Toast };
let storage: ReturnType<typeof createCookieSessionStorage<ToastData, ToastData>> | undefined;
function toastStorage() {
  storage ??= createCookieSessionStorage<ToastData, ToastData>({
    cookie: {
      name: "__sp_toast",
      sameSite: "lax",
      path: "/",
      httpOnly: true,
      secrets: getSessionSecrets(),
      secure: getEnv().NODE_ENV === "production" && (getEnv().APP_URL ?? "").startsWith("https:"),
    },
  });
  return storage;
}

export async function toastHeaders(toast: Toast): Promise<Headers> {
  const session = await toastStorage().getSession();
  session.flash("toast", toast);
  return new Headers({ "Set-Cookie": await toastStorage().commitSession(session) });
}

export async function redirectWithToast(url: string, toast: Toast, init?: ResponseInit) {
  const headers = new Headers(init?.headers);
  for (const [k, v] of await toastHeaders(toast)) headers.append(k, v);
  return redirect(url, { ...init, headers });
}

/** Reads and clears the pending toast; the caller must send back the returned Set-Cookie. */
export async function readToast(request: Request): Promise<{ toast: Toast | null; setCookie: string | null }> {
  const session = await toastStorage().getSession(request.headers.get("Cookie"));
  const parsed = ToastSchema.safeParse(session.get("toast"));
  if (!parsed.success) return { toast: null, setCookie: null };
  return { toast: parsed.data, setCookie: await toastStorage().destroySession(session) };
}

/** Only same-site relative paths: never let redirectTo send someone to another host. */
export function safeRedirectTo(value: FormDataEntryValue | string | null | undefined, fallback = "/"): string {
  if (typeof value !== "string" || !value.startsWith("/") || value.startsWith("//") || value.startsWith("/\\")) return fallback;
  return value;
}

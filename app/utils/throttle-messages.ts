/** "12 seconds", "1 minute", "15 minutes": a wait rounded up, in the largest sensible unit. */
export function describeWait(ms: number): string {
  const seconds = Math.max(1, Math.ceil(ms / 1000));
  if (seconds < 90) return `${seconds} second${seconds > 1 ? "s" : ""}`;
  const minutes = Math.ceil(seconds / 60);
  return `${minutes} minute${minutes > 1 ? "s" : ""}`;
}

/** What a refused account e-mail request says (password reset, invitation, sign-up). */
export function mailLimitMessage(scope: "address" | "ip", retryInMs: number): { title: string; text: string } {
  return scope === "address"
    ? { title: "Too many e-mails for this address", text: `We have already sent several e-mails to this address recently. Check its inbox and spam folder, or try again in ${describeWait(retryInMs)}.` }
    : { title: "Too many e-mails requested", text: `Too many e-mails were requested from your network recently. Try again in ${describeWait(retryInMs)}.` };
}

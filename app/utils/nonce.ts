import { createContext, useContext } from "react";

/**
 * The Content-Security-Policy nonce of this document (decision 0860). app/entry.server.tsx makes
 * one per request and provides it; the root gives it to every inline script Remix renders. In the
 * browser it is empty: the scripts already ran, and browsers hide a nonce from the DOM anyway.
 */
export const NonceContext = createContext("");

export function useNonce(): string {
  return useContext(NonceContext);
}

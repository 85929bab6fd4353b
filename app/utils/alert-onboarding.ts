// Texts, steps and the account-step schema of the alert onboarding wizard (spec 3 §2.9, §8, §9),
// safe for the browser bundle (the service imports them for the server side).
import { z } from "zod";
import { idField } from "../../lib/ids.js";

/** Spec 3 §9: the wizard's account list shows at most 100 accounts. */
export const ACCOUNT_LIST_CAP = 100;
/** Spec 1 §9: searches are debounced 200 ms. */
export const ACCOUNT_SEARCH_DEBOUNCE_MS = 200;

export const ONBOARDING_STEPS = ["Create account", "Activate alert", "Preview"] as const;

/** Spec 3 §8 texts of the wizard (and ours where the spec shows none, see docs/spec-deviations.md). */
export const ONBOARDING_MESSAGES = {
  createFailedTitle: "Unable to create the DataSource for our alerting system.",
  createFailed: "Please try again or speak to our account manager.",
  savedTitle: "Account protected.",
  saved: "Your account is now protected.",
  saveFailedTitle: "Unable to save the configuration.",
  saveFailed: "There is an internal error system.",
  accountRequired: "Please select an account",
  accountUnknown: "This account is not available on this source.",
  noAlert: "Activate at least one alert to protect this account.",
} as const;

export const AccountStepSchema = z.object({
  intent: z.literal("account"),
  sourceId: idField("Please select a source"),
  accountId: z.string({ error: ONBOARDING_MESSAGES.accountRequired }).trim().min(1, ONBOARDING_MESSAGES.accountRequired),
});

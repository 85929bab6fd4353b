/** The getting-started checklist's steps, in order (issue 19); shared by its service and its screen. */
export const GETTING_STARTED_STEPS = [
  { id: "source", label: "Connect a source" },
  { id: "accounts", label: "Choose its accounts" },
  { id: "destination", label: "Send the data somewhere" },
  { id: "data", label: "See your first data" },
] as const;
export type GettingStartedStep = (typeof GETTING_STARTED_STEPS)[number]["id"];

import { addStarterTemplates, STARTER_TEMPLATES } from "../starter-templates.js";
import type { SeedStep } from "./context.js";

/** The demo company gets the library at once (issue 18). */
export const starterTemplatesStep: SeedStep = {
  name: "starter-templates",
  async run({ db, company, user, log }) {
    if (await addStarterTemplates(db, company.id, user.id)) log(`added ${STARTER_TEMPLATES.length} starter alert templates`);
  },
};

import type { DB } from "../../db/connection.js";
import { seedCoreCompany } from "./core.js";
import { demoSourceStep } from "./demo-source.js";
import { demoAlertsStep } from "./alerts.js";
import { starterTemplatesStep } from "./starter-templates.js";
import { demoObjectivesStep } from "./objectives.js";
import { demoProductCheckStep } from "./checks.js";
import { demoSavedQueryStep } from "./query-urls.js";
import { demoReadCacheStep } from "./read-cache.js";
import { demoAccountStep } from "./account.js";
import { demoDataStreamStep } from "./data-streams.js";
import { oauthClientsStep } from "./oauth-clients.js";
import { demoUsageStep } from "./usage.js";
import { demoCrossPlatformStep } from "./cross-platform.js";
import { newcomerStep } from "./newcomer.js";
import type { SeedStep } from "./context.js";

export { DEMO_ADMIN, DEMO_USER, DEMO_COMPANY_NAME, NEWCOMER_USER } from "./context.js";

/** Each issue appends its own step (destination, data stream, alerts, ...). Order matters. */
export const seedSteps: SeedStep[] = [demoSourceStep, demoAlertsStep, starterTemplatesStep, demoObjectivesStep, demoProductCheckStep, demoSavedQueryStep, demoReadCacheStep, demoAccountStep, demoDataStreamStep, oauthClientsStep, demoCrossPlatformStep, demoUsageStep, newcomerStep];

export async function seedDemo(db: DB, log: (m: string) => void = () => {}): Promise<void> {
  const core = await seedCoreCompany(db, log);
  for (const step of seedSteps) {
    await step.run({ db, ...core, log });
  }
}

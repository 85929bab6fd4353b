import { z } from "zod";
import { idField } from "../../lib/ids.js";

/** Spec 2 §5 "Pipeline" messages. */
export const PipelineSourceSchema = z.object({
  intent: z.literal("add-source"),
  platform: z.string({ error: "You need to set a platform." }).trim().min(1, "You need to set a platform."),
  accountId: z.string({ error: "You need to set an account ID." }).trim().min(1, "You need to set an account ID.").max(200),
  authorizationId: idField("You need to set an authorization ID."),
  fields: z.array(z.string().min(1).max(120), { error: "You need to select at least one field." }).min(1, "You need to select at least one field.").max(100),
});

export const PREVIEW_ROWS = 100;

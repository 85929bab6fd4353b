// The client connect links form (decision 0932), shared by the page (conform, in the browser) and
// the server (parseWithZod): route modules cannot take values from .server modules.
import { z } from "zod";
import { idField } from "../../lib/ids.js";

export const LINK_VALIDITY_DAYS = [1, 3, 7, 14, 30] as const;

export const CreateLinkSchema = z.object({
  intent: z.literal("create"),
  platform: z.string({ error: "Choose the platform to connect" }).trim().min(1, "Choose the platform to connect").max(80),
  clientName: z.string({ error: "Say who the link is for" }).trim().min(1, "Say who the link is for").max(120, "Use at most 120 characters"),
  message: z.string().trim().max(500, "Use at most 500 characters").optional(),
  days: z.coerce.number({ error: "Choose how long the link works" }).refine((d) => (LINK_VALIDITY_DAYS as readonly number[]).includes(d), "Choose how long the link works"),
});
export const RevokeLinkSchema = z.object({ intent: z.literal("revoke"), id: idField("This link does not exist.") });
export const LinkActionSchema = z.discriminatedUnion("intent", [CreateLinkSchema, RevokeLinkSchema]);


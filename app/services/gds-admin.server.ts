import { parseWithZod } from "@conform-to/zod/v4";
import { engineFields, gdsPlatforms } from "./gds.server.js";
import { GdsFieldSchema } from "~/utils/gds";
import type { GdsFieldInput } from "../../db/repositories/gds-fields.js";

/** Parses the field form and checks it against the engine: the platform and field must exist. */
export async function parseGdsFieldForm(formData: FormData) {
  const submission = await parseWithZod(formData, {
    schema: GdsFieldSchema.superRefine(async (v, ctx) => {
      if (!gdsPlatforms().some((p) => p.id === v.platformName)) {
        ctx.addIssue({ code: "custom", path: ["platformName"], message: "Please input the gateway type" });
        return;
      }
      if (!(await engineFields(v.platformName)).some((f) => f.id === v.fieldId)) {
        ctx.addIssue({ code: "custom", path: ["fieldId"], message: "This field does not exist in the engine for this platform" });
      }
    }),
    async: true,
  });
  if (submission.status !== "success") return { submission, input: null };
  const v = submission.value;
  const input: GdsFieldInput = {
    platform: v.platformName,
    fieldId: v.fieldId,
    defaultName: v.defaultName,
    defaultDescription: v.defaultDescription,
    name: v.name || null,
    description: v.description || null,
    formula: v.formula || null,
    status: v.status,
    type: v.type,
    fieldType: v.fieldType,
    aggregationType: v.aggregationType || null,
  };
  return { submission, input };
}

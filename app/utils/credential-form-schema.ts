// The zod schema of a credential connection form (spec 3 §2.7, §5), built from the catalogue's
// connection fields so one generic route serves every platform. It runs in the browser (conform's
// onValidate) and on the server (parseWithZod), so it takes the fields as plain data.
import { z } from "zod";

export type FormField = {
  name: string;
  label: string;
  type: "text" | "password" | "url" | "select" | "textarea";
  required: boolean;
  placeholder?: string;
  help?: string;
  list?: boolean;
  choices?: { value: string; label: string }[];
  default?: string;
};

/** The form fields of a platform's catalogue connection fields (plain data, for the browser too). */
export function formFieldsOf(connectionFields: readonly (FormField & { type: FormField["type"] })[]): FormField[] {
  return connectionFields.map((f) => ({
    name: f.name,
    label: f.label,
    type: f.type,
    required: f.required,
    placeholder: f.placeholder,
    help: f.help,
    list: f.list,
    choices: f.choices,
    default: f.default,
  }));
}

export const REQUIRED_MESSAGE = "This field is required.";
export const URL_MESSAGE = "Please enter a valid URL (https://…).";
export const CHOICE_MESSAGE = "Please choose one of the options.";

function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === "https:" || url.protocol === "http:";
  } catch {
    return false;
  }
}

function fieldSchema(field: FormField): z.ZodType<string | undefined> {
  const base = z.string({ error: REQUIRED_MESSAGE }).trim();
  let schema: z.ZodType<string> = field.required ? base.min(1, REQUIRED_MESSAGE) : base;
  if (field.type === "url") schema = schema.refine((v) => v === "" || isHttpUrl(v), URL_MESSAGE);
  if (field.type === "select" && field.choices) {
    const values = new Set(field.choices.map((c) => c.value));
    schema = schema.refine((v) => v === "" || values.has(v), CHOICE_MESSAGE);
  }
  return field.required ? schema : schema.optional();
}

export function credentialFormSchema(fields: readonly FormField[]) {
  const shape: Record<string, z.ZodType<string | undefined>> = {};
  for (const field of fields) shape[field.name] = fieldSchema(field);
  return z.object({
    state: z.string().optional(),
    from: z.string().optional(),
    ...shape,
  });
}

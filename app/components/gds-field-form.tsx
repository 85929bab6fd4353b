import { getFormProps, getInputProps, getSelectProps, getTextareaProps, useForm, type SubmissionResult } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { Form, useNavigation } from "@remix-run/react";
import { Field, SubmitButton } from "./forms";
import { GDS_AGGREGATIONS, GDS_FIELD_TYPES, GdsFieldSchema } from "~/utils/gds";
import { useHydrated } from "~/utils/use-hydrated";

export type GdsFieldValues = {
  platformName: string;
  fieldId: string;
  defaultName: string;
  defaultDescription: string;
  name?: string | null;
  description?: string | null;
  formula?: string | null;
  status: string;
  type: string;
  fieldType: string;
  aggregationType?: string | null;
};

function Select({ label, errors, props, options }: { label: string; errors?: string[]; props: ReturnType<typeof getSelectProps>; options: Array<{ value: string; label: string }> }) {
  return (
    <div>
      <label htmlFor={props.id} className="block text-sm font-medium text-slate-700">{label}</label>
      <select {...props} className="mt-1 block w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-sm">
        {options.map((o) => <option key={o.value} value={o.value}>{o.label}</option>)}
      </select>
      <div className="min-h-[1.25rem] pt-0.5 text-xs text-red-600" id={`${props.id}-error`}>{errors?.join(" ")}</div>
    </div>
  );
}

/** Add and update share this form (spec 3 §4: save only when the form is valid and changed, with JavaScript). */
export function GdsFieldForm({
  defaults,
  lastResult,
  platforms,
  fields,
  intent,
  submitLabel,
}: {
  defaults: GdsFieldValues;
  lastResult?: SubmissionResult<string[]> | null;
  platforms: Array<{ id: string; name: string }>;
  fields: Array<{ id: string; name: string }>;
  intent: string;
  submitLabel: string;
}) {
  const navigation = useNavigation();
  const hydrated = useHydrated();
  const [form, f] = useForm({
    id: `gds-field-${intent}`,
    lastResult,
    defaultValue: { ...defaults, aggregationType: defaults.aggregationType ?? "" },
    constraint: getZodConstraint(GdsFieldSchema),
    onValidate: ({ formData }) => parseWithZod(formData, { schema: GdsFieldSchema }),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });
  const disabled = hydrated && !(form.dirty && form.valid) && intent !== "create";
  return (
    <Form method="post" {...getFormProps(form)} className="grid gap-x-4 md:grid-cols-2">
      <input type="hidden" name="intent" value={intent} />
      <Select label="Platform" errors={f.platformName.errors} props={getSelectProps(f.platformName)} options={[{ value: "", label: "Choose a platform" }, ...platforms.map((p) => ({ value: p.id, label: p.name }))]} />
      <Select label="Engine field" errors={f.fieldId.errors} props={getSelectProps(f.fieldId)} options={[{ value: "", label: fields.length ? "Choose a field" : "Choose a platform first" }, ...fields.map((x) => ({ value: x.id, label: `${x.name} (${x.id})` }))]} />
      <Field label="Default name" errors={f.defaultName.errors} inputProps={getInputProps(f.defaultName, { type: "text" })} />
      <Field label="Name" errors={f.name.errors} inputProps={getInputProps(f.name, { type: "text" })} />
      <div className="md:col-span-2">
        <label htmlFor={f.defaultDescription.id} className="block text-sm font-medium text-slate-700">Default description</label>
        <textarea {...getTextareaProps(f.defaultDescription)} rows={2} className="mt-1 block w-full rounded-md border border-slate-300 px-3 py-2 text-sm" />
        <div className="min-h-[1.25rem] pt-0.5 text-xs text-red-600">{f.defaultDescription.errors?.join(" ")}</div>
      </div>
      <div className="md:col-span-2">
        <label htmlFor={f.description.id} className="block text-sm font-medium text-slate-700">Description</label>
        <textarea {...getTextareaProps(f.description)} rows={2} className="mt-1 block w-full rounded-md border border-slate-300 px-3 py-2 text-sm" />
        <div className="min-h-[1.25rem]" />
      </div>
      <Select label="Type" errors={f.type.errors} props={getSelectProps(f.type)} options={[{ value: "metric", label: "metric" }, { value: "dimension", label: "dimension" }]} />
      <Select label="Field type" errors={f.fieldType.errors} props={getSelectProps(f.fieldType)} options={GDS_FIELD_TYPES.map((t) => ({ value: t, label: t }))} />
      <Select label="Aggregation" errors={f.aggregationType.errors} props={getSelectProps(f.aggregationType)} options={[{ value: "", label: "None (null)" }, ...GDS_AGGREGATIONS.map((a) => ({ value: a, label: a }))]} />
      <Select label="Status" errors={f.status.errors} props={getSelectProps(f.status)} options={[{ value: "active", label: "active" }, { value: "inactive", label: "inactive" }]} />
      <div className="md:col-span-2">
        <Field label="Formula" errors={f.formula.errors} inputProps={getInputProps(f.formula, { type: "text" })} help="Optional Looker Studio formula, e.g. SUM(clicks)/SUM(impressions)." />
      </div>
      <div className="md:col-span-2">
        <SubmitButton busy={navigation.state === "submitting" && navigation.formData?.get("intent") === intent} disabled={disabled}>{submitLabel}</SubmitButton>
      </div>
    </Form>
  );
}

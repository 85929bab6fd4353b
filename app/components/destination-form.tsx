import { getFormProps, getInputProps, getTextareaProps, useForm, type SubmissionResult } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { Form, Link } from "@remix-run/react";
import { useRef } from "react";
import { DESTINATION_MESSAGES, DESTINATION_TYPE_OPTIONS, destinationDescription, destinationSchema } from "~/utils/destinations";
import { Banner, Field, SubmitButton } from "~/components/forms";

export type DestinationFormProps = {
  basePath: string;
  type: string | null;
  defaults: Record<string, string>;
  secretsSet: string[];
  editing: boolean;
  outboundIps: string[];
  lastResult?: SubmissionResult<string[]>;
  checkError?: string | null;
};

/**
 * Name, type picker (links, so it works without JavaScript; with JavaScript the typed name is kept),
 * the type's fields, the outbound IP note and Save (which checks the connection first, server side).
 */
export function DestinationForm({ basePath, type, defaults, secretsSet, editing, outboundIps, lastResult, checkError }: DestinationFormProps) {
  const description = destinationDescription(type);
  const schema = destinationSchema(type ?? undefined, { editing });
  const nameRef = useRef<HTMLInputElement>(null);
  const [form, fields] = useForm({
    id: `destination-${type ?? "none"}`,
    lastResult,
    defaultValue: defaults,
    constraint: getZodConstraint(schema),
    onValidate: ({ formData }) => parseWithZod(formData, { schema }),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });
  const typeHref = (t: string) => {
    const params = new URLSearchParams({ type: t });
    const name = nameRef.current?.value ?? defaults.name;
    if (name) params.set("name", name);
    return `${basePath}?${params}`;
  };
  return (
    <Form method="post" {...getFormProps(form)} className="max-w-2xl space-y-3 rounded-lg bg-white p-6 shadow">
      <Field label="Name" errors={fields.name!.errors} inputProps={{ ...getInputProps(fields.name!, { type: "text" }), ref: nameRef } as never} />
      <fieldset>
        <legend className="block text-sm font-medium text-slate-700">Destination</legend>
        <div className="mt-2 grid grid-cols-3 gap-2" role="radiogroup" aria-label="Destination type">
          {DESTINATION_TYPE_OPTIONS.map((o) => (
            <Link
              key={o.value}
              to={typeHref(o.value)}
              replace
              preventScrollReset
              role="radio"
              aria-checked={o.value === type}
              onClick={(e) => {
                // Keep the typed name when switching type (spec 2 §4): read it at click time.
                (e.currentTarget as HTMLAnchorElement).href = typeHref(o.value);
              }}
              className={`rounded-md border px-3 py-2 text-center text-sm ${o.value === type ? "border-brand-600 bg-brand-50 font-semibold text-brand-700" : "border-slate-300 hover:bg-slate-50"}`}
            >
              {o.label}
            </Link>
          ))}
        </div>
        <input type="hidden" name="type" value={type ?? ""} />
        <div className="min-h-[1.25rem] pt-0.5 text-xs text-red-600" id="type-error">
          {fields.type!.errors?.join(" ")}
        </div>
      </fieldset>
      {description ? (
        <>
          {description.fields.map((f) => {
            const meta = fields[f.name]!;
            const kept = f.secret && editing && secretsSet.includes(f.name);
            const placeholder = kept ? "•••••••• (unchanged)" : f.placeholder;
            if (f.multiline)
              return (
                <div key={f.name}>
                  <label htmlFor={meta.id} className="block text-sm font-medium text-slate-700">{f.label}</label>
                  <textarea
                    {...getTextareaProps(meta)}
                    key={meta.key}
                    rows={6}
                    placeholder={placeholder}
                    className={`mt-1 block w-full rounded-md border px-3 py-2 font-mono text-xs ${meta.errors?.length ? "border-red-400" : "border-slate-300"}`}
                  />
                  {kept ? <p className="mt-1 text-xs text-slate-500">{DESTINATION_MESSAGES.keptSecretHint}</p> : null}
                  <div className="min-h-[1.25rem] pt-0.5 text-xs text-red-600" id={`${meta.id}-error`}>{meta.errors?.join(" ")}</div>
                </div>
              );
            return (
              <Field
                key={f.name}
                label={f.label}
                errors={meta.errors}
                inputProps={{ ...getInputProps(meta, { type: f.secret ? "password" : "text" }), placeholder, autoComplete: f.secret ? "new-password" : "off" }}
                help={kept ? DESTINATION_MESSAGES.keptSecretHint : undefined}
              />
            );
          })}
          <div className="rounded-md border border-slate-200 bg-slate-50 p-3 text-sm text-slate-700" data-testid="ip-note">
            <p className="font-medium">Allow our servers to reach your destination</p>
            {outboundIps.length > 0 ? (
              <>
                <p className="mt-1">If your destination filters incoming connections, whitelist these IP addresses:</p>
                <ul className="mt-1 list-inside list-disc font-mono text-xs">
                  {outboundIps.map((ip) => (
                    <li key={ip}>{ip}</li>
                  ))}
                </ul>
              </>
            ) : (
              <p className="mt-1">This installation connects from the address of the server it runs on; whitelist that address if your destination filters incoming connections.</p>
            )}
          </div>
        </>
      ) : (
        <p className="text-sm text-slate-500">Choose a destination type to see its settings.</p>
      )}
      {checkError ? (
        <p role="alert" className="text-sm text-red-600" data-testid="check-error">
          {checkError}
        </p>
      ) : null}
      <div className="flex items-center justify-end gap-2">
        <Link to="/data-connector/destinations" className="rounded-md px-4 py-2 text-sm text-slate-600 hover:bg-slate-100">Cancel</Link>
        <SubmitButton pendingLabel="Checking the connection…" disabled={!description} data-testid="destination-save">
          Save
        </SubmitButton>
      </div>
    </Form>
  );
}

export function CheckFailedBanner({ message }: { message: string }) {
  return <Banner tone="error" title={DESTINATION_MESSAGES.checkFailedTitle}>{message}</Banner>;
}

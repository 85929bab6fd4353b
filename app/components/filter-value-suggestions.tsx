// Filter value suggestions while typing (spec 1 §2.6, debounced 200 ms per spec 1 §9): reads the
// row's field and the chosen account from the form, asks the suggestions route and fills a
// datalist. A value may hold several comma-separated entries: the last one is completed. Without
// JavaScript the value stays a plain text input.
import { useEffect, useRef, useState, type FormEvent } from "react";
import { splitLastEntry } from "~/utils/filter-values";
import { useHydrated } from "~/utils/use-hydrated";

export const FILTER_SEARCH_DEBOUNCE_MS = 200;

export function useFilterValueSuggestions(clientId: number, index: number) {
  const hydrated = useHydrated();
  const [options, setOptions] = useState<string[]>([]);
  const [pending, setPending] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout>>();
  const request = useRef<AbortController>();
  useEffect(
    () => () => {
      clearTimeout(timer.current);
      request.current?.abort();
    },
    [],
  );
  const onInput = (event: FormEvent<HTMLInputElement>) => {
    const input = event.currentTarget;
    const field = (input.form?.elements.namedItem(`filters[${index}].field`) as HTMLInputElement | null)?.value.trim() ?? "";
    const dataSourceId = (input.form?.elements.namedItem("dataSourceId") as HTMLSelectElement | null)?.value ?? "";
    const { prefix, last } = splitLastEntry(input.value);
    clearTimeout(timer.current);
    if (!field) return setOptions([]);
    timer.current = setTimeout(async () => {
      request.current?.abort();
      const controller = new AbortController();
      request.current = controller;
      setPending(true);
      try {
        const query = new URLSearchParams({ field, q: last, ...(dataSourceId ? { dataSourceId } : {}) });
        const res = await fetch(`/clients/${clientId}/alerts/filter-values?${query}`, { signal: controller.signal, headers: { accept: "application/json" } });
        const body = res.ok ? ((await res.json()) as { values: string[] }) : null;
        // An unknown field or a platform failure: no suggestions, the input still takes any text.
        setOptions(body ? body.values.map((v) => prefix + v) : []);
      } catch {
        // Aborted by a newer keystroke (or offline): the newer request answers.
      } finally {
        if (request.current === controller) setPending(false);
      }
    }, FILTER_SEARCH_DEBOUNCE_MS);
  };
  const listId = `filter-values-${index}`;
  return {
    inputProps: hydrated ? { list: listId, onInput, autoComplete: "off", "aria-busy": pending || undefined } : {},
    datalist: hydrated ? (
      <datalist id={listId} data-testid={listId}>
        {options.map((o) => (
          <option key={o} value={o} />
        ))}
      </datalist>
    ) : null,
  };
}

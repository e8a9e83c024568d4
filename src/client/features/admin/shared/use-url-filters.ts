/**
 * A back-office list's filters live in its URL (?q=&low=1, ?role=curator…), so a link (the
 * overview's cards), Back and a reload open the same list.
 */
import { useCallback, useEffect, useRef, useState } from "react";
import { useSearchParams } from "react-router";
import { useDebouncedValue } from "../../../hooks/use-debounced-value";

const SEARCH_DEBOUNCE_MS = 300;

export function useUrlFilters<K extends string>(names: readonly K[]) {
  const [params, setParams] = useSearchParams();
  const values = Object.fromEntries(names.map((name) => [name, params.get(name) ?? ""])) as Record<K, string>;
  const update = useCallback(
    (change: Partial<Record<K, string>>) =>
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          for (const [name, value] of Object.entries(change) as [string, string | undefined][]) {
            if (value) next.set(name, value);
            else next.delete(name);
          }
          return next;
        },
        { replace: true, preventScrollReset: true },
      ),
    [setParams],
  );
  return [values, update] as const;
}

/**
 * A search box over a URL parameter: the box follows the typing at once, the URL (and so the
 * query) after a pause; when the URL changes from elsewhere (Back, a link), the box follows it.
 */
export function useSearchBox(urlValue: string, write: (text: string) => void) {
  const [text, setText] = useState(urlValue);
  const settled = useDebouncedValue(text, SEARCH_DEBOUNCE_MS);
  const known = useRef(urlValue);

  useEffect(() => {
    if (settled !== text) return;
    const value = settled.trim();
    if (value === known.current) return;
    known.current = value;
    write(value);
  }, [settled, text, write]);

  useEffect(() => {
    if (urlValue === known.current) return;
    known.current = urlValue;
    setText(urlValue);
  }, [urlValue]);

  return [text, setText] as const;
}

import { useEffect, useRef } from "react";

/**
 * Fields are disabled while a request runs, so a field named by the server's answer can take
 * focus only once the form is enabled again. Call `focusLater(name)`; it happens after re-render.
 */
export function useFocusAfterSubmit<Name extends string>(busy: boolean, setFocus: (name: Name) => void) {
  const pending = useRef<Name | null>(null);
  useEffect(() => {
    if (busy || !pending.current) return;
    setFocus(pending.current);
    pending.current = null;
  }, [busy, setFocus]);
  return (name: Name) => {
    pending.current = name;
  };
}

import { clsx } from "clsx";

/** The MAYBE wordmark as text, so it scales and reads as "MAYBE" to assistive technology. */
export function wordmarkClasses(className?: string) {
  return clsx("font-heavy inline-block leading-none text-ink", className);
}

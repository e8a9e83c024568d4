import { clsx } from "clsx";
import { Search } from "lucide-react";
import { useId } from "react";

/** A back-office list's search box: its label read by screen readers, its placeholder the same words. */
export function SearchBox({
  label,
  value,
  maxLength,
  onChange,
  className,
}: {
  label: string;
  value: string;
  maxLength: number;
  onChange: (text: string) => void;
  className?: string;
}) {
  const id = useId();
  return (
    <div role="search" className={clsx("relative", className)}>
      <label htmlFor={id} className="sr-only">
        {label}
      </label>
      <Search aria-hidden="true" className="pointer-events-none absolute top-1/2 left-3.5 size-5 -translate-y-1/2" strokeWidth={2.75} />
      <input
        id={id}
        type="search"
        value={value}
        maxLength={maxLength}
        autoComplete="off"
        placeholder={label}
        onChange={(event) => onChange(event.target.value)}
        className="min-h-12 w-full rounded-md border-[3px] border-ink bg-white py-2 pr-3.5 pl-11 text-base text-ink shadow-hard-sm transition-shadow placeholder:text-[#6b6b6b] focus-visible:shadow-hard focus-visible:outline-offset-2"
      />
    </div>
  );
}

import { clsx } from "clsx";
import { ChevronDown } from "lucide-react";
import { useId, type Ref, type SelectHTMLAttributes } from "react";

export interface SelectOption {
  value: string;
  label: string;
}

export interface SelectFieldProps extends Omit<SelectHTMLAttributes<HTMLSelectElement>, "id"> {
  label: string;
  options: readonly SelectOption[];
  /** The first, empty choice (e.g. "Select a state"). */
  placeholder?: string;
  /** Message under the field; marks the select invalid. */
  error?: string;
  ref?: Ref<HTMLSelectElement>;
}

/** A labelled native select with its error wired up for assistive technology, styled like TextField. */
export function SelectField({ label, options, placeholder, error, className, ref, ...select }: SelectFieldProps) {
  const id = useId();
  const errorId = `${id}-error`;
  return (
    <div className={clsx("flex flex-col gap-1.5", className)}>
      <label htmlFor={id} className="text-sm font-bold tracking-wide text-ink uppercase">
        {label}
      </label>
      <div className="relative">
        <select
          id={id}
          ref={ref}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          className={clsx(
            "min-h-12 w-full appearance-none rounded-md border-[3px] bg-white py-2 pr-10 pl-3.5 text-base text-ink shadow-hard-sm",
            "transition-shadow focus-visible:shadow-hard focus-visible:outline-offset-2",
            "disabled:cursor-not-allowed disabled:bg-paper-deep disabled:text-muted",
            error ? "border-danger" : "border-ink",
          )}
          {...select}
        >
          {placeholder !== undefined && <option value="">{placeholder}</option>}
          {options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
        <ChevronDown aria-hidden="true" className="pointer-events-none absolute top-1/2 right-3 size-5 -translate-y-1/2" strokeWidth={2.75} />
      </div>
      {error && (
        <p id={errorId} className="text-sm font-semibold text-danger">
          {error}
        </p>
      )}
    </div>
  );
}

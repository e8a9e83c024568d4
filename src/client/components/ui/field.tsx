import { clsx } from "clsx";
import { useId, type InputHTMLAttributes, type Ref } from "react";

export interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, "id"> {
  label: string;
  /** Message under the field; marks the input invalid. */
  error?: string;
  /** Help text under the field. */
  hint?: string;
  /** Shown after the label, e.g. "(optional)". */
  labelNote?: string;
  ref?: Ref<HTMLInputElement>;
}

/** A labelled input with its hint and error wired up for assistive technology. */
export function TextField({ label, error, hint, labelNote, className, ref, ...input }: TextFieldProps) {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [hint && hintId, error && errorId].filter(Boolean).join(" ") || undefined;

  return (
    <div className={clsx("flex flex-col gap-1.5", className)}>
      <label htmlFor={id} className="text-sm font-bold tracking-wide text-ink uppercase">
        {label}
        {labelNote && <span className="ml-1.5 font-normal normal-case text-muted">{labelNote}</span>}
      </label>
      <input
        id={id}
        ref={ref}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        className={clsx(
          "min-h-12 w-full rounded-md border-[3px] bg-white px-3.5 py-2 text-base text-ink shadow-hard-sm",
          "placeholder:text-[#6b6b6b] transition-shadow focus-visible:shadow-hard focus-visible:outline-offset-2",
          "disabled:cursor-not-allowed disabled:bg-paper-deep disabled:text-muted",
          error ? "border-danger" : "border-ink",
        )}
        {...input}
      />
      {hint && (
        <p id={hintId} className="text-sm text-muted">
          {hint}
        </p>
      )}
      {error && (
        <p id={errorId} className="text-sm font-semibold text-danger">
          {error}
        </p>
      )}
    </div>
  );
}

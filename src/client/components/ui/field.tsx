import { clsx } from "clsx";
import { useId, type InputHTMLAttributes, type ReactNode, type Ref, type SelectHTMLAttributes, type TextareaHTMLAttributes } from "react";

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
  const { id, hintId, errorId, describedBy } = useFieldIds(hint, error);
  return (
    <FieldFrame {...{ id, label, labelNote, hint, hintId, error, errorId, className }}>
      <input
        id={id}
        ref={ref}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        className={controlClasses(error, "min-h-12")}
        {...input}
      />
    </FieldFrame>
  );
}

/** The frame of a labelled control: label, the control itself, hint and error. */
function useFieldIds(hint?: string, error?: string) {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [hint && hintId, error && errorId].filter(Boolean).join(" ") || undefined;
  return { id, hintId, errorId, describedBy };
}

function FieldFrame({
  id,
  label,
  labelNote,
  hint,
  hintId,
  error,
  errorId,
  className,
  children,
}: {
  id: string;
  label: string;
  labelNote?: string;
  hint?: string;
  hintId: string;
  error?: string;
  errorId: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <div className={clsx("flex flex-col gap-1.5", className)}>
      <label htmlFor={id} className="text-sm font-bold tracking-wide text-ink uppercase">
        {label}
        {labelNote && (
          <>
            {" "}
            <span className="ml-0.5 font-normal normal-case text-muted">{labelNote}</span>
          </>
        )}
      </label>
      {children}
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

function controlClasses(error: string | undefined, extra?: string) {
  return clsx(
    "w-full rounded-md border-[3px] bg-white px-3.5 py-2 text-base text-ink shadow-hard-sm",
    "placeholder:text-[#6b6b6b] transition-shadow focus-visible:shadow-hard focus-visible:outline-offset-2",
    "[&[readonly]]:bg-paper-deep disabled:cursor-not-allowed disabled:bg-paper-deep disabled:text-muted",
    error ? "border-danger" : "border-ink",
    extra,
  );
}

export interface SelectFieldProps extends Omit<SelectHTMLAttributes<HTMLSelectElement>, "id"> {
  label: string;
  error?: string;
  hint?: string;
  labelNote?: string;
  ref?: Ref<HTMLSelectElement>;
}

/** A labelled native <select>, wired like TextField. */
export function SelectField({ label, error, hint, labelNote, className, ref, children, ...select }: SelectFieldProps) {
  const { id, hintId, errorId, describedBy } = useFieldIds(hint, error);
  return (
    <FieldFrame {...{ id, label, labelNote, hint, hintId, error, errorId, className }}>
      <select
        id={id}
        ref={ref}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        className={controlClasses(error, "min-h-12 cursor-pointer")}
        {...select}
      >
        {children}
      </select>
    </FieldFrame>
  );
}

export interface TextAreaFieldProps extends Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, "id"> {
  label: string;
  error?: string;
  hint?: string;
  labelNote?: string;
  ref?: Ref<HTMLTextAreaElement>;
}

/** A labelled <textarea>, wired like TextField. */
export function TextAreaField({ label, error, hint, labelNote, className, ref, ...textarea }: TextAreaFieldProps) {
  const { id, hintId, errorId, describedBy } = useFieldIds(hint, error);
  return (
    <FieldFrame {...{ id, label, labelNote, hint, hintId, error, errorId, className }}>
      <textarea
        id={id}
        ref={ref}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        className={controlClasses(error, "min-h-32 resize-y")}
        {...textarea}
      />
    </FieldFrame>
  );
}

import { clsx } from "clsx";
import { Check } from "lucide-react";
import { useId, type Ref } from "react";
import { ART_DISCIPLINES, disciplineLabel, type ArtDiscipline } from "../../../common/creator-fields";

export interface DisciplinePickerProps {
  /** The chosen art types. */
  value: readonly string[];
  onChange: (next: ArtDiscipline[]) => void;
  error?: string;
  /** The first button: where focus goes when the form points at this field. */
  firstRef?: Ref<HTMLButtonElement>;
  /**
   * `roomy`: wider buttons, for a page's full-width form, where two 9.5rem columns fit a phone
   * but 'Photography' does not fit its button; the application modal keeps the narrow grid.
   */
  columns?: "narrow" | "roomy";
}

/**
 * The Art Disciplines grid of the creator forms (spec §2): one toggle button per art type;
 * choosing one toggles it (spec §4). The chosen list stays in the fixed order of the art types.
 */
export function DisciplinePicker({ value, onChange, error, firstRef, columns = "narrow" }: DisciplinePickerProps) {
  const ids = { label: useId(), error: useId() };
  const chosen = new Set(value);
  const toggle = (d: ArtDiscipline) => onChange(ART_DISCIPLINES.filter((x) => (x === d ? !chosen.has(x) : chosen.has(x))));
  return (
    <div role="group" aria-labelledby={ids.label} aria-describedby={error ? ids.error : undefined} className="flex flex-col gap-2">
      <p id={ids.label} className="text-sm font-bold tracking-wide text-ink uppercase">
        Art Disciplines <span className="ml-0.5 font-normal normal-case text-muted">(choose one or more)</span>
      </p>
      <ul
        className={clsx(
          "grid gap-2",
          columns === "narrow" ? "grid-cols-[repeat(auto-fill,minmax(9.5rem,1fr))]" : "grid-cols-[repeat(auto-fill,minmax(10.5rem,1fr))]",
        )}
      >
        {ART_DISCIPLINES.map((d, i) => {
          const pressed = chosen.has(d);
          return (
            <li key={d}>
              <button
                type="button"
                ref={i === 0 ? firstRef : undefined}
                aria-pressed={pressed}
                onClick={() => toggle(d)}
                className={clsx(
                  "flex min-h-11 w-full items-center gap-2 rounded-md border-[3px] px-3 py-1.5 text-left font-bold capitalize",
                  "transition-[transform,box-shadow,background-color] duration-100 hover:-translate-y-px disabled:cursor-not-allowed disabled:opacity-70",
                  error ? "border-danger" : "border-ink",
                  pressed ? "bg-yellow shadow-hard-sm" : "bg-white hover:bg-yellow-soft",
                )}
              >
                <span
                  aria-hidden="true"
                  className={clsx(
                    "inline-flex size-5 shrink-0 items-center justify-center rounded-sm border-2 border-ink",
                    pressed ? "bg-ink text-paper" : "bg-white",
                  )}
                >
                  {pressed && <Check className="size-3.5" strokeWidth={4} />}
                </span>
                {disciplineLabel(d)}
              </button>
            </li>
          );
        })}
      </ul>
      {error && (
        <p id={ids.error} className="text-sm font-semibold text-danger">
          {error}
        </p>
      )}
    </div>
  );
}

/**
 * The stats' period: the last 7, 30 or 90 days (a pressed button each), or two days typed From and
 * To with Apply. A range the server refuses is said by its field, in its words, and what was typed
 * stays; a start after the end is said before asking. The inputs show the days a preset covers.
 */
import { clsx } from "clsx";
import { useId, useState } from "react";
import { STATS_PRESETS } from "../../../common/stats";
import { buttonClasses } from "../../components/ui/button";
import type { StatsRange } from "./stats-api";
import { STATS_TEXT } from "./stats-texts";

export interface RangePickerProps {
  range: StatsRange;
  /** The days the answer covers, for a preset's From and To. */
  answered: { from: string; to: string } | null;
  /** The server's messages by field (`from`, `to`) for a refused range. */
  refusal: Record<string, string> | null;
  onChange: (range: StatsRange) => void;
}

const PRESET =
  "inline-flex min-h-11 items-center rounded-md border-[3px] border-ink px-4 font-heavy text-base shadow-hard-sm transition-[transform,background-color] duration-100 hover:-translate-y-px";
const INPUT = "min-h-12 w-full rounded-md border-[3px] bg-white px-3 text-base shadow-hard-sm sm:w-44";

export function RangePicker({ range, answered, refusal, onChange }: RangePickerProps) {
  const id = useId();
  const [draft, setDraft] = useState(() => ("from" in range ? { from: range.from, to: range.to } : (answered ?? { from: "", to: "" })));
  const [ownCheck, setOwnCheck] = useState<string | null>(null);

  // The inputs follow the range shown (a preset's days once known, a range from the address),
  // and only when it changes: never over what is being typed.
  const shown = "from" in range ? range : answered;
  const shownKey = shown ? `${shown.from}/${shown.to}` : null;
  const [followed, setFollowed] = useState(shownKey);
  if (shown && shownKey !== followed) {
    setFollowed(shownKey);
    setDraft({ from: shown.from, to: shown.to });
  }

  const fromError = ownCheck ?? refusal?.from;
  const toError = ownCheck ? undefined : refusal?.to;
  // A refusal of anything else (no field of this form) is still said, under it.
  const otherError = ownCheck ? undefined : Object.entries(refusal ?? {}).find(([field]) => field !== "from" && field !== "to")?.[1];

  return (
    <div className="flex flex-col gap-4">
      <div role="group" aria-label={STATS_TEXT.range} className="flex flex-wrap gap-2 sm:gap-3">
        {STATS_PRESETS.map((days) => {
          const pressed = "days" in range && range.days === days;
          return (
            <button
              key={days}
              type="button"
              aria-pressed={pressed}
              className={clsx(PRESET, pressed ? "bg-yellow" : "bg-white hover:bg-yellow-soft")}
              onClick={() => {
                setOwnCheck(null);
                onChange({ days });
              }}
            >
              {STATS_TEXT.presets[days]}
            </button>
          );
        })}
      </div>
      <form
        aria-label={STATS_TEXT.custom}
        noValidate
        className="flex flex-wrap items-start gap-3"
        onSubmit={(e) => {
          e.preventDefault();
          if (draft.from && draft.to && draft.from > draft.to) {
            setOwnCheck(STATS_TEXT.orderMessage);
            return;
          }
          setOwnCheck(null);
          onChange({ from: draft.from, to: draft.to });
        }}
      >
        <DateField id={`${id}-from`} label={STATS_TEXT.from} value={draft.from} error={fromError} onChange={(from) => setDraft({ ...draft, from })} />
        <DateField id={`${id}-to`} label={STATS_TEXT.to} value={draft.to} error={toError} onChange={(to) => setDraft({ ...draft, to })} />
        {/* Level with the inputs beside it: as far down as their labels. */}
        <button type="submit" className={buttonClasses({ variant: "dark" }, "min-h-12 sm:mt-7")}>
          {STATS_TEXT.apply}
        </button>
      </form>
      {otherError && (
        <p role="alert" className="text-sm font-semibold text-danger">
          {otherError}
        </p>
      )}
    </div>
  );
}

function DateField({ id, label, value, error, onChange }: { id: string; label: string; value: string; error?: string; onChange: (value: string) => void }) {
  return (
    <div className="flex w-full flex-col gap-1 sm:w-auto">
      <label htmlFor={id} className="font-bold">
        {label}
      </label>
      <input
        id={id}
        type="date"
        value={value}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        onChange={(e) => onChange(e.target.value)}
        className={clsx(INPUT, error ? "border-danger" : "border-ink")}
      />
      {error && (
        <p id={`${id}-error`} role="alert" className="max-w-xs text-sm font-semibold text-danger">
          {error}
        </p>
      )}
    </div>
  );
}

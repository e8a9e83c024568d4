import type { UseFormRegisterReturn } from "react-hook-form";
import { US_STATES, findState, stateOptionLabel } from "../../../common/us-states";
import { SelectField } from "../ui/field";

/** The city select's text until a state is chosen (spec §2 Creator application modal). */
export const SELECT_STATE_FIRST = "Select a state first";

export interface PlaceFieldsProps {
  /** The state select's registration; its onChange must empty the city (spec §4). */
  state: UseFormRegisterReturn;
  city: UseFormRegisterReturn;
  /** The state chosen now: the city select lists its cities. */
  stateCode: string;
  stateError?: string;
  cityError?: string;
}

/** State ('code - label') and city selects of the creator forms; the city waits for a state. */
export function PlaceFields({ state, city, stateCode, stateError, cityError }: PlaceFieldsProps) {
  const chosen = findState(stateCode);
  return (
    <div className="grid gap-5 sm:grid-cols-2">
      <SelectField label="State" required error={stateError} {...state}>
        <option value="">Select a state</option>
        {US_STATES.map((s) => (
          <option key={s.code} value={s.code}>
            {stateOptionLabel(s)}
          </option>
        ))}
      </SelectField>
      <SelectField label="City" required disabled={!chosen} error={cityError} {...city}>
        <option value="">{chosen ? "Select a city" : SELECT_STATE_FIRST}</option>
        {chosen?.cities.map((c) => (
          <option key={c} value={c}>
            {c}
          </option>
        ))}
      </SelectField>
    </div>
  );
}

import { Controller, type FieldPath, type FieldValues, type UseFormRegisterReturn, type UseFormReturn } from "react-hook-form";
import { BIO_MAX_WORDS, countWords } from "../../../common/creator-fields";
import { TextAreaField } from "../ui/field";
import { DisciplinePicker } from "./discipline-picker";
import { FormSection } from "./form-section";
import { PlaceFields } from "./place-fields";

/** The fields the creator application and the studio profile share, by the same names in both. */
interface CreatorFieldValues extends FieldValues {
  state: string;
  city: string;
  bio: string;
  art_type: string[];
}

interface SharedProps<T extends CreatorFieldValues, O> {
  form: UseFormReturn<T, unknown, O>;
  /** The form's clearing register (hooks/use-clearing-register): editing a field clears its message. */
  field: (name: FieldPath<T>) => UseFormRegisterReturn;
}

/**
 * The form as one of CreatorFieldValues: react-hook-form cannot tell that a generic form's paths
 * include these names, which CreatorFieldValues guarantees.
 */
const shared = <T extends CreatorFieldValues, O>(form: UseFormReturn<T, unknown, O>) => form as unknown as UseFormReturn<CreatorFieldValues>;
const name = <T extends CreatorFieldValues>(key: keyof CreatorFieldValues) => key as FieldPath<T>;

/** State and city of a creator form: a new state empties the city, and editing clears both messages (spec §4). */
export function CreatorPlaceFields<T extends CreatorFieldValues, O>({ form, field }: SharedProps<T, O>) {
  const { register, setValue, clearErrors, watch, formState } = shared(form);
  return (
    <PlaceFields
      stateCode={watch("state") ?? ""}
      stateError={formState.errors.state?.message}
      cityError={formState.errors.city?.message}
      state={register("state", {
        onChange: () => {
          setValue("city", "");
          clearErrors(["state", "city"]);
        },
      })}
      city={field(name<T>("city"))}
    />
  );
}

/** 'Artist Information': the bio with its word count, and the disciplines. */
export function ArtistInformationFields<T extends CreatorFieldValues, O>({ form, field, columns }: SharedProps<T, O> & { columns?: "roomy" }) {
  const { control, clearErrors, watch, formState } = shared(form);
  const words = countWords(watch("bio") ?? "");
  return (
    <FormSection title="Artist Information">
      <TextAreaField
        label="Bio"
        required
        rows={5}
        placeholder="Tell us about you and your work."
        hint={`${words} / ${BIO_MAX_WORDS} words`}
        error={formState.errors.bio?.message}
        {...field(name<T>("bio"))}
      />
      <Controller
        control={control}
        name="art_type"
        render={({ field: disciplines, fieldState }) => (
          <DisciplinePicker
            value={disciplines.value ?? []}
            onChange={(next) => {
              disciplines.onChange(next);
              if (fieldState.error) clearErrors("art_type");
            }}
            error={fieldState.error?.message}
            firstRef={disciplines.ref}
            columns={columns}
          />
        )}
      />
    </FormSection>
  );
}

import type { UseFormRegisterReturn } from "react-hook-form";
import { TextField } from "../ui/field";
import { FormSection } from "./form-section";

type OptionalName = "instagram" | "website" | "image_url";

/** The application's and the studio profile's 'Optional Information': Instagram, website, image URL. */
export function OptionalCreatorFields({
  field,
  errors,
}: {
  field: (name: OptionalName) => UseFormRegisterReturn;
  errors: Partial<Record<OptionalName, { message?: string }>>;
}) {
  return (
    <FormSection title="Optional Information">
      <TextField
        label="Instagram handle"
        labelNote="(optional)"
        autoComplete="off"
        placeholder="@yourhandle"
        error={errors.instagram?.message}
        {...field("instagram")}
      />
      <TextField
        label="Website URL"
        labelNote="(optional)"
        type="url"
        autoComplete="url"
        placeholder="https://"
        error={errors.website?.message}
        {...field("website")}
      />
      <TextField
        label="Profile image URL"
        labelNote="(optional)"
        type="url"
        autoComplete="off"
        placeholder="https://"
        error={errors.image_url?.message}
        {...field("image_url")}
      />
    </FormSection>
  );
}

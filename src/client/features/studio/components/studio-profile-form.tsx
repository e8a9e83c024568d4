/**
 * The creator's profile in the studio: every field of the creator application but the email
 * (the account's), with the same shared schema and messages (CreatorProfileSchema), the same
 * field pieces, plus a profile picture upload.
 */
import { useEffect, useRef, useState } from "react";
import { Controller } from "react-hook-form";
import type { Image } from "../../../../common/api/media";
import type { CreatorProfile, CreatorProfileInput } from "../../../../common/creator-schemas";
import { ArtistInformationFields, CreatorPlaceFields } from "../../../components/creator-form/creator-fields";
import { FormSection } from "../../../components/creator-form/form-section";
import { OptionalCreatorFields } from "../../../components/creator-form/optional-fields";
import { Alert } from "../../../components/ui/alert";
import { Button } from "../../../components/ui/button";
import { TextField } from "../../../components/ui/field";
import { useSiteForm } from "../../../hooks/use-site-form";
import { failureMessage, isApiError, logFailure } from "../../../lib/api";
import { lazyZodResolver } from "../../../lib/lazy-resolver";
import { fieldErrorsInOrder } from "../../../lib/server-field-errors";
import { useUpdateStudioProfile, type StudioProfile } from "../api/studio-profile";
import { PROFILE_TEXT } from "../lib/texts";
import { ImageUpload } from "./image-upload";

type Values = CreatorProfileInput;

const resolver = lazyZodResolver<Values, CreatorProfile>(() =>
  import("../../../../common/creator-schemas").then((m) => m.CreatorProfileSchema),
);

/** The form's fields in its order: the first with a message takes focus. */
const PROFILE_FIELDS = [
  "avatar_media_id",
  "first_name",
  "last_name",
  "state",
  "city",
  "bio",
  "art_type",
  "instagram",
  "website",
  "image_url",
] as const satisfies readonly (keyof Values)[];

export function profileValues(profile: StudioProfile): Values {
  return {
    first_name: profile.first_name,
    last_name: profile.last_name,
    state: profile.state,
    city: profile.city,
    bio: profile.bio,
    art_type: profile.art_type.length > 0 ? profile.art_type : profile.disciplines,
    instagram: profile.instagram ?? "",
    website: profile.website ?? "",
    image_url: profile.profile_image_url ?? "",
    avatar_media_id: profile.avatar_media_id,
  };
}

export function StudioProfileForm({ uid, profile }: { uid: string; profile: StudioProfile }) {
  const update = useUpdateStudioProfile(uid);
  const [avatar, setAvatar] = useState<Image | null>(profile.avatar);
  const [saved, setSaved] = useState(false);
  const [generalError, setGeneralError] = useState<string | null>(null);
  const generalRef = useRef<HTMLDivElement>(null);

  const submitting = update.isPending;
  const form = useSiteForm<Values, CreatorProfile>({ resolver, defaultValues: profileValues(profile), serverFields: PROFILE_FIELDS, submitting });
  const { handleSubmit, clearErrors, setValue, watch, reset, control, formState, field, showFieldErrors } = form;
  const { errors } = formState;

  useEffect(() => {
    const subscription = watch(() => setSaved(false));
    return () => subscription.unsubscribe();
  }, [watch]);
  useEffect(() => {
    if (generalError) generalRef.current?.scrollIntoView({ block: "nearest" });
  }, [generalError]);


  const onSubmit = handleSubmit(async (values) => {
    setGeneralError(null);
    setSaved(false);
    try {
      const next = await update.mutateAsync(values);
      reset(profileValues(next));
      setAvatar(next.avatar);
      setSaved(true);
    } catch (error) {
      logFailure("profile save failed", error);
      if (isApiError(error) && fieldErrorsInOrder(error.fields, PROFILE_FIELDS).length > 0) showFieldErrors(error);
      // A refusal (suspended, not a creator, signed out) in the server's words; 'check your connection' only when it was not reached.
      else setGeneralError(failureMessage(error, PROFILE_TEXT.failed));
    }
  });

  return (
    <form noValidate onSubmit={(event) => void onSubmit(event)} aria-busy={submitting || undefined} aria-labelledby="studio-profile">
      <h2 id="studio-profile" className="sr-only">
        Your profile
      </h2>
      <fieldset disabled={submitting} className="m-0 flex min-w-0 flex-col gap-7 border-0 p-0">
        <p className="text-muted">{PROFILE_TEXT.email(profile.email)}</p>
        {generalError && (
          <div ref={generalRef}>
            <Alert>{generalError}</Alert>
          </div>
        )}

        <FormSection title={PROFILE_TEXT.avatarSection}>
          <Controller
            control={control}
            name="avatar_media_id"
            render={({ field: avatarField }) => (
              <ImageUpload
                label={PROFILE_TEXT.avatar}
                shape="avatar"
                image={avatar}
                hint={PROFILE_TEXT.avatarHint}
                error={errors.avatar_media_id?.message}
                disabled={submitting}
                inputRef={avatarField.ref}
                onChange={(image) => {
                  setAvatar(image);
                  setValue("avatar_media_id", image?.id ?? null, { shouldDirty: true });
                  clearErrors("avatar_media_id");
                  setSaved(false);
                }}
              />
            )}
          />
        </FormSection>

        <FormSection title="Personal Information">
          <div className="grid gap-5 sm:grid-cols-2">
            <TextField label="First name" autoComplete="given-name" required error={errors.first_name?.message} {...field("first_name")} />
            <TextField label="Last name" autoComplete="family-name" required error={errors.last_name?.message} {...field("last_name")} />
          </div>
          <CreatorPlaceFields form={form} field={field} />
        </FormSection>

        <ArtistInformationFields form={form} field={field} columns="roomy" />

        <OptionalCreatorFields field={field} errors={errors} />

        <div className="flex flex-col gap-3">
          <div role="status" className="min-h-6 text-sm font-bold">
            {saved && (
              <span className="inline-flex rounded-sm bg-teal-soft px-2 py-0.5" data-testid="save-outcome">
                {PROFILE_TEXT.savedOutcome}
              </span>
            )}
          </div>
          <Button type="submit" size="lg" variant={saved ? "success" : "primary"} className="w-full sm:w-fit">
            {submitting ? PROFILE_TEXT.saving : saved ? PROFILE_TEXT.saved : PROFILE_TEXT.save}
          </Button>
        </div>
      </fieldset>
    </form>
  );
}

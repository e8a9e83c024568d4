/**
 * A track's details as the upload form and the edit dialog ask for them (issue 34): the title and
 * the description with their counters, and the cover through the studio's image upload. Each
 * field drops its own message when it changes; a refusal points at the first field it names
 * (the upload's file first), focused once the form is enabled again.
 */
import { useEffect, useRef, useState } from "react";
import { TRACK_DESCRIPTION_MAX, TRACK_TITLE_MAX } from "../../../../common/radio";
import type { Image } from "../../../../common/api/media";
import { TextAreaField, TextField } from "../../../components/ui/field";
import { formatCount } from "../../../lib/track-format";
import { ImageUpload } from "../components/image-upload";
import { withoutErrors, type TrackErrors, type TrackField } from "./track-checks";
import { UPLOAD_TEXT } from "./track-texts";

export interface TrackDetailsDraft {
  title: string;
  description: string;
  cover: Image | null;
}

/** The details, their messages and the inputs a refusal points at, as both forms keep them. */
export function useTrackDetails(initial: TrackDetailsDraft, busy: boolean) {
  const [details, setDetails] = useState(initial);
  const [errors, setErrors] = useState<TrackErrors>({});
  const fileInput = useRef<HTMLInputElement>(null);
  const titleInput = useRef<HTMLInputElement>(null);
  const descriptionInput = useRef<HTMLTextAreaElement>(null);
  const coverInput = useRef<HTMLInputElement | null>(null);
  /** The fields to point at (the first refused), focused once the form is enabled again: a disabled field takes no focus. */
  const [toFocus, setToFocus] = useState<TrackErrors | null>(null);
  useEffect(() => {
    if (!toFocus || busy) return;
    const fields = [
      [toFocus.file, fileInput],
      [toFocus.title, titleInput],
      [toFocus.description, descriptionInput],
      [toFocus.cover_media_id, coverInput],
    ] as const;
    fields.find(([message]) => message)?.[1].current?.focus();
    setToFocus(null);
  }, [toFocus, busy]);
  return {
    details,
    setDetails,
    errors,
    setErrors,
    /** Points at the first field `found` names. */
    pointAt: setToFocus,
    inputs: { file: fileInput, title: titleInput, description: descriptionInput, cover: coverInput },
  };
}

export type TrackDetailsState = ReturnType<typeof useTrackDetails>;

function markAutofocus(element: HTMLElement | null) {
  element?.setAttribute("autofocus", "");
}

export interface TrackDetailsFieldsProps {
  form: TrackDetailsState;
  busy: boolean;
  /** The edit dialog keeps its fields read-only while saving; the upload form disables its whole fieldset. */
  readOnly?: boolean;
  /** The title takes the focus when the dialog opens (the `autofocus` attribute, which showModal() honours). */
  autoFocusTitle?: boolean;
  /** Said before the description's counter. */
  descriptionHint?: string;
}

export function TrackDetailsFields({ form, busy, readOnly, autoFocusTitle = false, descriptionHint }: TrackDetailsFieldsProps) {
  const { details, errors, inputs } = form;
  const edit = (field: TrackField, change: Partial<TrackDetailsDraft>) => {
    form.setDetails((current) => ({ ...current, ...change }));
    form.setErrors((current) => withoutErrors(current, field));
  };
  const count = formatCount(details.description.length, TRACK_DESCRIPTION_MAX);
  return (
    <>
      <TextField
        ref={(element) => {
          inputs.title.current = element;
          if (autoFocusTitle) markAutofocus(element);
        }}
        label={UPLOAD_TEXT.title}
        name="title"
        required
        autoComplete="off"
        maxLength={TRACK_TITLE_MAX}
        value={details.title}
        readOnly={readOnly}
        error={errors.title}
        hint={formatCount(details.title.length, TRACK_TITLE_MAX)}
        onChange={(event) => edit("title", { title: event.target.value })}
      />
      <TextAreaField
        ref={inputs.description}
        label={UPLOAD_TEXT.description}
        labelNote={UPLOAD_TEXT.optional}
        name="description"
        rows={3}
        maxLength={TRACK_DESCRIPTION_MAX}
        value={details.description}
        readOnly={readOnly}
        error={errors.description}
        hint={descriptionHint ? `${descriptionHint} ${count}` : count}
        className="[&_textarea]:min-h-24"
        onChange={(event) => edit("description", { description: event.target.value })}
      />
      <ImageUpload
        label={UPLOAD_TEXT.cover}
        shape="cover"
        image={details.cover}
        hint={UPLOAD_TEXT.coverHint}
        error={errors.cover_media_id}
        disabled={busy}
        inputRef={(element) => {
          inputs.cover.current = element;
        }}
        onChange={(image) => edit("cover_media_id", { cover: image })}
      />
    </>
  );
}

/**
 * A track's details after its upload (PATCH /api/studio/tracks/{id}): title, description and cover,
 * in a dialog; the audio stays as it was received. Checked as the server checks; a refusal keeps
 * what was typed and says the server's words on its field, or above the buttons.
 */
import { useEffect, useRef, useState, type FormEvent } from "react";
import { TRACK_DESCRIPTION_MAX, TRACK_TITLE_MAX } from "../../../../common/radio";
import type { Image } from "../../../../common/api/media";
import { Alert } from "../../../components/ui/alert";
import { Button } from "../../../components/ui/button";
import { Dialog } from "../../../components/ui/dialog";
import { TextAreaField, TextField } from "../../../components/ui/field";
import { logFailure } from "../../../lib/api";
import { formatCount } from "../../../lib/track-format";
import { ImageUpload } from "../components/image-upload";
import { useUpdateTrack, type StudioTrack } from "./studio-tracks-api";
import { checkTrackDetails, SAVE_FAILED, trackFailure, withoutErrors, type TrackErrors } from "./track-checks";
import { EDIT_TEXT, UPLOAD_TEXT } from "./track-texts";


export interface TrackEditDialogProps {
  uid: string;
  /** The track being edited; null while closed. */
  track: StudioTrack | null;
  onClose: () => void;
  onSaved: (track: StudioTrack) => void;
}

export function TrackEditDialog({ uid, track, onClose, onSaved }: TrackEditDialogProps) {
  const update = useUpdateTrack(uid);
  return (
    <Dialog
      open={track !== null}
      onClose={onClose}
      dismissible={!update.isPending}
      title={EDIT_TEXT.title}
      className="max-h-[calc(100dvh-2rem)] overflow-y-auto! sm:w-[min(36rem,calc(100vw-2rem))]"
    >
      {/* Keyed by the track, so each edit starts from what the server has. */}
      {track && <EditForm key={track.id} track={track} busy={update.isPending} onSave={(details) => update.mutateAsync({ id: track.id, details })} onClose={onClose} onSaved={onSaved} />}
    </Dialog>
  );
}

function markAutofocus(element: HTMLElement | null) {
  element?.setAttribute("autofocus", "");
}

interface EditFormProps {
  track: StudioTrack;
  busy: boolean;
  onSave: (details: { title: string; description: string; cover_media_id: string | null }) => Promise<StudioTrack>;
  onClose: () => void;
  onSaved: (track: StudioTrack) => void;
}

function EditForm({ track, busy, onSave, onClose, onSaved }: EditFormProps) {
  const [title, setTitle] = useState(track.title);
  const [description, setDescription] = useState(track.description);
  const [cover, setCover] = useState<Image | null>(track.cover);
  const [errors, setErrors] = useState<TrackErrors>({});
  const titleInput = useRef<HTMLInputElement | null>(null);
  const descriptionInput = useRef<HTMLTextAreaElement>(null);
  const coverInput = useRef<HTMLInputElement | null>(null);
  /** The fields to point at (the first refused), focused once the form is enabled again: the cover's input is disabled while saving. */
  const [toFocus, setToFocus] = useState<TrackErrors | null>(null);
  useEffect(() => {
    if (!toFocus || busy) return;
    const fields = [
      [toFocus.title, titleInput],
      [toFocus.description, descriptionInput],
      [toFocus.cover_media_id, coverInput],
    ] as const;
    fields.find(([message]) => message)?.[1].current?.focus();
    setToFocus(null);
  }, [toFocus, busy]);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    const found = checkTrackDetails({ title, description });
    setErrors(found);
    if (Object.keys(found).length > 0) return setToFocus(found);
    try {
      onSaved(await onSave({ title: title.trim(), description: description.trim(), cover_media_id: cover?.id ?? null }));
    } catch (error) {
      logFailure("track details save failed", error);
      const refused = trackFailure(error, SAVE_FAILED);
      // The file is not part of an edit: a message the server put there is the form's.
      if (refused.file) refused.form = refused.file;
      delete refused.file;
      setErrors(refused);
      setToFocus(refused);
    }
  }

  return (
    <form noValidate className="flex flex-col gap-5" onSubmit={(event) => void submit(event)}>
      <TextField
        ref={(element) => {
          titleInput.current = element;
          markAutofocus(element);
        }}
        label={UPLOAD_TEXT.title}
        name="title"
        required
        autoComplete="off"
        maxLength={TRACK_TITLE_MAX}
        value={title}
        readOnly={busy}
        error={errors.title}
        hint={formatCount(title.length, TRACK_TITLE_MAX)}
        onChange={(event) => {
          setTitle(event.target.value);
          setErrors((current) => withoutErrors(current, "title"));
        }}
      />
      <TextAreaField
        ref={descriptionInput}
        label={UPLOAD_TEXT.description}
        labelNote={UPLOAD_TEXT.optional}
        name="description"
        rows={3}
        maxLength={TRACK_DESCRIPTION_MAX}
        value={description}
        readOnly={busy}
        error={errors.description}
        hint={formatCount(description.length, TRACK_DESCRIPTION_MAX)}
        className="[&_textarea]:min-h-24"
        onChange={(event) => {
          setDescription(event.target.value);
          setErrors((current) => withoutErrors(current, "description"));
        }}
      />
      <ImageUpload
        label={UPLOAD_TEXT.cover}
        shape="cover"
        image={cover}
        hint={UPLOAD_TEXT.coverHint}
        error={errors.cover_media_id}
        disabled={busy}
        inputRef={(element) => {
          coverInput.current = element;
        }}
        onChange={(image) => {
          setCover(image);
          setErrors((current) => withoutErrors(current, "cover_media_id"));
        }}
      />
      {errors.form && <Alert>{errors.form}</Alert>}
      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        <Button variant="secondary" disabled={busy} onClick={onClose}>
          {EDIT_TEXT.cancel}
        </Button>
        <Button type="submit" variant="dark" aria-disabled={busy || undefined} aria-busy={busy || undefined}>
          {busy ? EDIT_TEXT.saving : EDIT_TEXT.save}
        </Button>
      </div>
    </form>
  );
}

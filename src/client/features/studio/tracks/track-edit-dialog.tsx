/**
 * A track's details after its upload (PATCH /api/studio/tracks/{id}): title, description and cover,
 * in a dialog; the audio stays as it was received. Checked as the server checks; a refusal keeps
 * what was typed and says the server's words on its field, or above the buttons.
 */
import type { FormEvent } from "react";
import { Alert } from "../../../components/ui/alert";
import { Button } from "../../../components/ui/button";
import { Dialog } from "../../../components/ui/dialog";
import { logFailure } from "../../../lib/api";
import { useUpdateTrack, type StudioTrack } from "./studio-tracks-api";
import { checkTrackDetails, SAVE_FAILED, trackFailure } from "./track-checks";
import { TrackDetailsFields, useTrackDetails } from "./track-details-fields";
import { EDIT_TEXT } from "./track-texts";


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

interface EditFormProps {
  track: StudioTrack;
  busy: boolean;
  onSave: (details: { title: string; description: string; cover_media_id: string | null }) => Promise<StudioTrack>;
  onClose: () => void;
  onSaved: (track: StudioTrack) => void;
}

function EditForm({ track, busy, onSave, onClose, onSaved }: EditFormProps) {
  const form = useTrackDetails({ title: track.title, description: track.description, cover: track.cover }, busy);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    const { title, description, cover } = form.details;
    const found = checkTrackDetails({ title, description });
    form.setErrors(found);
    if (Object.keys(found).length > 0) return form.pointAt(found);
    try {
      onSaved(await onSave({ title: title.trim(), description: description.trim(), cover_media_id: cover?.id ?? null }));
    } catch (error) {
      logFailure("track details save failed", error);
      const refused = trackFailure(error, SAVE_FAILED);
      // The file is not part of an edit: a message the server put there is the form's.
      if (refused.file) refused.form = refused.file;
      delete refused.file;
      form.setErrors(refused);
      form.pointAt(refused);
    }
  }

  return (
    <form noValidate className="flex flex-col gap-5" onSubmit={(event) => void submit(event)}>
      <TrackDetailsFields form={form} busy={busy} readOnly={busy} autoFocusTitle />
      {form.errors.form && <Alert>{form.errors.form}</Alert>}
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

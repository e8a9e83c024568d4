/**
 * Declining a submitted track, or taking one out of rotation (POST …/decline): a note is required,
 * as its creator reads it in the studio and by e-mail. What the server refuses is said in the
 * dialog, which keeps the note typed.
 */
import { useState } from "react";
import { DECLINE_NOTE_MAX, TRACK_MESSAGES } from "../../../../common/radio";
import { Alert } from "../../../components/ui/alert";
import { Button } from "../../../components/ui/button";
import { Dialog } from "../../../components/ui/dialog";
import { TextAreaField } from "../../../components/ui/field";
import { formatCount } from "../../../lib/track-format";

export const DECLINE_TEXT = {
  decline: {
    title: "Decline this track",
    intro: (title: string, by: string) => `“${title}” by ${by} will not go on the radio. Its creator reads your note in their studio and by e-mail.`,
    confirm: "Decline track",
  },
  takeOut: {
    title: "Take out of rotation",
    intro: (title: string, by: string) => `“${title}” by ${by} leaves the radio now. Its creator reads your note in their studio and by e-mail.`,
    confirm: "Take out",
  },
  note: "Note for the creator",
  hint: "Say what would make it fit, where you can.",
  cancel: "Cancel",
  working: "Saving…",
} as const;

export interface DeclineTarget {
  id: string;
  title: string;
  by: string;
  /** Declining a track in the queue, or taking one out of rotation. */
  mode: "decline" | "takeOut";
}

export interface DeclineDialogProps {
  target: DeclineTarget | null;
  busy: boolean;
  errors: { note?: string; form?: string };
  onConfirm: (note: string) => void;
  onClose: () => void;
}

export function DeclineDialog({ target, busy, errors, onConfirm, onClose }: DeclineDialogProps) {
  return (
    <Dialog open={target !== null} onClose={onClose} dismissible={!busy} title={target ? DECLINE_TEXT[target.mode].title : DECLINE_TEXT.decline.title}>
      {/* Keyed by the track, so each starts with an empty note. */}
      {target && <NoteForm key={`${target.mode}:${target.id}`} {...{ target, busy, errors, onConfirm, onClose }} />}
    </Dialog>
  );
}

function markAutofocus(element: HTMLElement | null) {
  element?.setAttribute("autofocus", "");
}

function NoteForm({ target, busy, errors, onConfirm, onClose }: DeclineDialogProps & { target: DeclineTarget }) {
  const [note, setNote] = useState("");
  const [problem, setProblem] = useState<string | null>(null);
  const text = DECLINE_TEXT[target.mode];
  return (
    <form
      noValidate
      className="flex flex-col gap-5"
      onSubmit={(event) => {
        event.preventDefault();
        if (busy) return;
        const trimmed = note.trim();
        if (trimmed.length === 0) return setProblem(TRACK_MESSAGES.noteRequired);
        if (trimmed.length > DECLINE_NOTE_MAX) return setProblem(TRACK_MESSAGES.noteTooLong);
        onConfirm(trimmed);
      }}
    >
      <p className="text-base [overflow-wrap:anywhere]">{text.intro(target.title, target.by)}</p>
      <TextAreaField
        ref={markAutofocus}
        label={DECLINE_TEXT.note}
        name="note"
        required
        rows={4}
        value={note}
        maxLength={DECLINE_NOTE_MAX}
        readOnly={busy}
        error={problem ?? errors.note}
        hint={`${DECLINE_TEXT.hint} ${formatCount(note.length, DECLINE_NOTE_MAX)}`}
        className="[&_textarea]:min-h-28"
        onChange={(event) => {
          setNote(event.target.value);
          setProblem(null);
        }}
      />
      {errors.form && <Alert>{errors.form}</Alert>}
      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        <Button variant="secondary" disabled={busy} onClick={onClose}>
          {DECLINE_TEXT.cancel}
        </Button>
        <Button type="submit" variant="dark" aria-disabled={busy || undefined} aria-busy={busy || undefined}>
          {busy ? DECLINE_TEXT.working : text.confirm}
        </Button>
      </div>
    </form>
  );
}

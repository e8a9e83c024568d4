/**
 * Bans a comment's writer from commenting (PUT /api/admin/comments/bans/{userId}): for a day, a
 * week, a month or for good, optionally hiding everything they wrote, with a note for the other
 * curators. What the server refuses is said in the dialog, which keeps what was chosen.
 */
import { clsx } from "clsx";
import { useState } from "react";
import type { CommentBanInput } from "../../../../common/api/admin-comments";
import { BAN_NOTE_MAX } from "../../../../common/comment-moderation";
import { Alert } from "../../../components/ui/alert";
import { Button } from "../../../components/ui/button";
import { Dialog } from "../../../components/ui/dialog";
import { TextAreaField } from "../../../components/ui/field";

/** The lengths offered, in days; null is for good. */
const LENGTHS = [
  { days: 1, label: "1 day" },
  { days: 7, label: "7 days" },
  { days: 30, label: "30 days" },
  { days: null, label: "For good" },
] as const;

export const BAN_TEXT = {
  title: "Ban from commenting",
  intro: (name: string) => `${name} will not be able to comment, reply, edit their comments or like any until the ban ends. While banned, their comments are hidden from everyone else.`,
  length: "How long",
  hideAll: "Also hide their earlier comments",
  hideAllHint: "They stay hidden after the ban ends, until a curator shows them again.",
  note: "Note for the other curators",
  optional: "(optional)",
  count: (n: number) => `${n} of ${BAN_NOTE_MAX} characters`,
  cancel: "Cancel",
  confirm: "Ban",
  working: "Saving...",
} as const;

export interface BanTarget {
  userId: string;
  name: string;
}

export interface BanDialogProps {
  target: BanTarget | null;
  busy: boolean;
  errors: { note?: string; form?: string };
  onConfirm: (ban: CommentBanInput) => void;
  onClose: () => void;
}

function markAutofocus(element: HTMLElement | null) {
  element?.setAttribute("autofocus", "");
}

export function BanDialog({ target, busy, errors, onConfirm, onClose }: BanDialogProps) {
  return (
    <Dialog open={target !== null} onClose={onClose} dismissible={!busy} title={BAN_TEXT.title}>
      {/* Keyed by the member, so each ban starts from the defaults. */}
      {target && <BanForm key={target.userId} {...{ target, busy, errors, onConfirm, onClose }} />}
    </Dialog>
  );
}

function BanForm({ target, busy, errors, onConfirm, onClose }: BanDialogProps & { target: BanTarget }) {
  const [days, setDays] = useState<number | null>(7);
  const [hideAll, setHideAll] = useState(false);
  const [note, setNote] = useState("");
  return (
    <form
      noValidate
      className="flex flex-col gap-5"
      onSubmit={(event) => {
        event.preventDefault();
        if (!busy) onConfirm({ days, hide_comments: hideAll, note });
      }}
    >
      <p className="text-base [overflow-wrap:anywhere]">{BAN_TEXT.intro(target.name)}</p>
      <fieldset disabled={busy} className="flex flex-col gap-2">
        <legend className="mb-2 text-sm font-bold tracking-wide uppercase">{BAN_TEXT.length}</legend>
        <div className="grid grid-cols-2 gap-2">
          {LENGTHS.map((length) => (
            <label
              key={length.label}
              className={clsx(
                "flex min-h-11 cursor-pointer items-center gap-3 rounded-md border-[3px] border-ink bg-white px-3.5 py-2 text-base font-semibold shadow-hard-sm",
                "has-checked:bg-yellow-soft",
              )}
            >
              <input
                type="radio"
                name="ban-length"
                ref={length.days === 7 ? markAutofocus : undefined}
                checked={days === length.days}
                onChange={() => setDays(length.days)}
                className="size-5 shrink-0 accent-ink"
              />
              {length.label}
            </label>
          ))}
        </div>
      </fieldset>
      <label className="flex cursor-pointer items-start gap-3 rounded-md border-[3px] border-ink bg-white px-3.5 py-3 shadow-hard-sm has-checked:bg-yellow-soft">
        <input type="checkbox" className="mt-0.5 size-5 shrink-0 accent-ink" checked={hideAll} disabled={busy} onChange={(event) => setHideAll(event.target.checked)} />
        <span className="flex flex-col gap-0.5">
          <span className="font-bold">{BAN_TEXT.hideAll}</span>
          <span className="text-sm text-muted">{BAN_TEXT.hideAllHint}</span>
        </span>
      </label>
      <TextAreaField
        label={BAN_TEXT.note}
        labelNote={BAN_TEXT.optional}
        name="note"
        rows={3}
        value={note}
        maxLength={BAN_NOTE_MAX}
        disabled={busy}
        error={errors.note}
        hint={BAN_TEXT.count(note.length)}
        className="[&_textarea]:min-h-24"
        onChange={(event) => setNote(event.target.value)}
      />
      {errors.form && <Alert>{errors.form}</Alert>}
      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        <Button variant="secondary" disabled={busy} onClick={onClose}>
          {BAN_TEXT.cancel}
        </Button>
        <Button type="submit" variant="dark" disabled={busy} aria-busy={busy || undefined}>
          {busy ? BAN_TEXT.working : BAN_TEXT.confirm}
        </Button>
      </div>
    </form>
  );
}

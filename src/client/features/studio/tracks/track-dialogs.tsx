/**
 * The dialogs of the studio's tracks, a chunk of their own (track-list.tsx loads it when the
 * browser is idle, or at the first press): Edit details, and Withdraw after a confirm. What each
 * did is said through `onDone`; a refused withdrawal in the track's row (`onFailure`).
 */
import { ConfirmDialog } from "../../../components/ui/confirm-dialog";
import { failureMessage, logFailure } from "../../../lib/api";
import { useWithdrawTrack, type StudioTrack } from "./studio-tracks-api";
import { TrackEditDialog } from "./track-edit-dialog";
import { LIST_TEXT } from "./track-texts";

export interface TrackDialogsProps {
  uid: string;
  editing: StudioTrack | null;
  withdrawing: StudioTrack | null;
  onCloseEdit: () => void;
  onCloseWithdraw: () => void;
  onDone: (text: string) => void;
  onFailure: (id: string, message: string) => void;
}

export function TrackDialogs({ uid, editing, withdrawing, onCloseEdit, onCloseWithdraw, onDone, onFailure }: TrackDialogsProps) {
  const withdraw = useWithdrawTrack(uid);

  async function confirmWithdraw() {
    if (!withdrawing) return;
    const track = withdrawing;
    try {
      await withdraw.mutateAsync(track.id);
      onCloseWithdraw();
      onDone(LIST_TEXT.withdrawn(track.title));
    } catch (error) {
      logFailure("track withdraw failed", error);
      onCloseWithdraw();
      onFailure(track.id, failureMessage(error, LIST_TEXT.withdrawFailed));
    }
  }

  return (
    <>
      <TrackEditDialog
        uid={uid}
        track={editing}
        onClose={onCloseEdit}
        onSaved={(track) => {
          onCloseEdit();
          onDone(LIST_TEXT.saved(track.title));
        }}
      />
      <ConfirmDialog
        open={withdrawing !== null}
        title={LIST_TEXT.withdrawTitle}
        confirmLabel={LIST_TEXT.withdrawConfirm}
        busyLabel={LIST_TEXT.withdrawing}
        busy={withdraw.isPending}
        onConfirm={() => void confirmWithdraw()}
        onClose={onCloseWithdraw}
      >
        <p className="[overflow-wrap:anywhere]">{withdrawing && LIST_TEXT.withdrawBody(withdrawing.title, withdrawing.status)}</p>
      </ConfirmDialog>
    </>
  );
}

import { Dialog } from "../../../components/ui/dialog";

/** Spec §2: the Settings modal is a placeholder until profile customization arrives. */
export function SettingsDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  return (
    <Dialog open={open} onClose={onClose} title="Settings">
      <p className="text-base">
        Profile customization is coming soon. You will be able to change your name, photo and more right
        here.
      </p>
    </Dialog>
  );
}

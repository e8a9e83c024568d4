/**
 * 'Report this …' on a story's page, in the product modal and on a creator's page
 * (docs/decisions/0019). Only the button is in the page's chunk: the dialog and its form are
 * fetched when the pointer or focus comes near, so the public pages barely grow.
 */
import { Flag } from "lucide-react";
import { lazy, Suspense, useRef, useState } from "react";
import type { ReportKind } from "../../../common/reports";
import { Button } from "../ui/button";

const loadReportDialog = () => import("./report-dialog");
const ReportDialog = lazy(() => loadReportDialog().then((m) => ({ default: m.ReportDialog })));

export interface ReportButtonProps {
  kind: ReportKind;
  itemId: string;
  /** The title or name, so the dialog says what is reported. */
  itemName: string;
  className?: string;
}

export function ReportButton({ kind, itemId, itemName, className }: ReportButtonProps) {
  const [open, setOpen] = useState(false);
  // Mounted from the first click on, so closing keeps the dialog's chunk and reopening is instant.
  const [mounted, setMounted] = useState(false);
  const trigger = useRef<HTMLButtonElement>(null);
  const prefetch = () => void loadReportDialog();

  return (
    <>
      <Button
        ref={trigger}
        variant="secondary"
        size="sm"
        className={className}
        aria-haspopup="dialog"
        onPointerEnter={prefetch}
        onFocus={prefetch}
        onClick={() => {
          setMounted(true);
          setOpen(true);
        }}
      >
        <Flag aria-hidden="true" className="size-4" strokeWidth={2.75} />
        {`Report this ${kind}`}
      </Button>
      {mounted && (
        <Suspense fallback={null}>
          <ReportDialog
            open={open}
            kind={kind}
            itemId={itemId}
            itemName={itemName}
            onClose={() => {
              setOpen(false);
              trigger.current?.focus();
            }}
          />
        </Suspense>
      )}
    </>
  );
}

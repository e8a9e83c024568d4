import { clsx } from "clsx";
import { CircleAlert, CircleCheck } from "lucide-react";
import type { ReactNode } from "react";

export interface AlertProps {
  tone?: "error" | "success";
  children: ReactNode;
  className?: string;
}

/**
 * An on-page message. Errors use role="alert" so they are announced at once; successes use
 * role="status".
 */
export function Alert({ tone = "error", children, className }: AlertProps) {
  const Icon = tone === "error" ? CircleAlert : CircleCheck;
  return (
    <div
      role={tone === "error" ? "alert" : "status"}
      className={clsx(
        "flex items-start gap-2.5 rounded-md border-[3px] border-ink px-3.5 py-3 text-sm font-semibold text-ink shadow-hard-sm",
        tone === "error" ? "bg-pink-soft" : "bg-teal-soft",
        className,
      )}
    >
      <Icon aria-hidden="true" className={clsx("mt-px size-5 shrink-0", tone === "error" && "text-danger")} />
      <p>{children}</p>
    </div>
  );
}

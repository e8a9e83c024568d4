import { clsx } from "clsx";
import type { ReactNode } from "react";

export interface PageIntroProps {
  title: string;
  /** A small label above the title. */
  kicker?: string;
  children?: ReactNode;
  className?: string;
}

/** The h1 block that opens an inner page. */
export function PageIntro({ title, kicker, children, className }: PageIntroProps) {
  return (
    <div className={clsx("flex flex-col gap-4", className)}>
      {kicker && (
        <p className="w-fit -rotate-2 rounded-sm border-[3px] border-ink bg-yellow px-2.5 py-0.5 text-sm font-black tracking-wider uppercase shadow-hard-sm">
          {kicker}
        </p>
      )}
      <h1 className="font-heavy text-[2.5rem] break-words sm:text-6xl md:text-7xl">{title}</h1>
      {children && <div className="max-w-2xl text-lg text-muted sm:text-xl">{children}</div>}
    </div>
  );
}

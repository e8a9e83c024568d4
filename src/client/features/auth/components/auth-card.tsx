import { clsx } from "clsx";
import type { ReactNode } from "react";

export interface AuthCardProps {
  title: string;
  subtitle: string;
  /** Colour of the offset block behind the card. */
  accent?: "pink" | "yellow" | "teal" | "blue";
  children: ReactNode;
  /** Links under the form. */
  footer?: ReactNode;
}

const ACCENTS = {
  pink: "bg-pink",
  yellow: "bg-yellow",
  teal: "bg-teal",
  blue: "bg-blue",
} as const;

/** The frame of the account screens: a card with the page's one h1. */
export function AuthCard({ title, subtitle, accent = "pink", children, footer }: AuthCardProps) {
  return (
    <section className="flex flex-1 items-start justify-center px-4 py-10 sm:items-center sm:py-16">
      <div className="relative w-full max-w-md">
        <div
          aria-hidden="true"
          className={clsx("absolute inset-0 translate-x-3 translate-y-3 rounded-xl border-[3px] border-ink sm:translate-x-4 sm:translate-y-4", ACCENTS[accent])}
        />
        <div className="relative flex flex-col gap-6 rounded-xl border-[3px] border-ink bg-white p-6 sm:p-9">
          <div className="flex flex-col gap-2">
            <h1 className="font-heavy text-4xl break-words sm:text-5xl">{title}</h1>
            <p className="text-lg text-muted">{subtitle}</p>
          </div>
          {children}
          {footer && <div className="flex flex-col gap-2 border-t-[3px] border-dashed border-ink/25 pt-5 text-center">{footer}</div>}
        </div>
      </div>
    </section>
  );
}

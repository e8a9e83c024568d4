import { clsx } from "clsx";
import type { ReactNode } from "react";
import { NavLink } from "react-router";
import type { Role } from "../../../../common/roles";
import { ADMIN_TEXT, sectionsFor } from "./sections";

// Smaller on a phone, so the seven sections take three rows rather than four.
const TAB =
  "inline-flex min-h-10 items-center rounded-md border-[3px] border-ink px-3 font-heavy text-sm no-underline shadow-hard-sm transition-[transform,background-color] duration-100 hover:-translate-y-px sm:min-h-11 sm:px-4 sm:text-base";

/**
 * The back office's frame: its title and a tab per section the role may open. Printing shows only
 * the page's own content (the packing slip). `heading` is the title as marked-up text, when it needs more than a string.
 */
export function AdminFrame({ role, title, heading, children }: { role: Role; title: string; heading?: ReactNode; children: ReactNode }) {
  return (
    <div className="mx-auto flex w-full max-w-6xl flex-col gap-8 px-4 py-10 sm:px-6 sm:py-14 print:max-w-none print:p-0">
      <div className="flex flex-col gap-4 print:hidden">
        <p className="font-heavy w-fit -rotate-1 rounded-sm border-[3px] border-ink bg-yellow px-2 py-0.5 text-sm tracking-wide uppercase shadow-hard-sm">
          {ADMIN_TEXT.kicker}
        </p>
        <p className="font-heavy text-2xl">{ADMIN_TEXT.title}</p>
        <nav aria-label={ADMIN_TEXT.title}>
          <ul className="flex flex-wrap gap-2 sm:gap-3">
            {sectionsFor(role).map((section) => (
              <li key={section.to}>
                <NavLink
                  to={section.to}
                  end={section.to.split("/").length === 2}
                  className={({ isActive }) => clsx(TAB, isActive ? "bg-yellow text-ink" : "bg-white text-ink hover:bg-yellow-soft")}
                >
                  {section.label}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
      </div>
      <h1 className="font-heavy text-[2.25rem] leading-tight sm:text-5xl print:text-3xl">{heading ?? title}</h1>
      {children}
    </div>
  );
}

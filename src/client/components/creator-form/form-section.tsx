import type { ReactNode } from "react";

/** A titled group of a long form (the creator application, the studio's profile). */
export function FormSection({ title, children }: { title: string; children: ReactNode }) {
  return (
    <fieldset className="m-0 flex min-w-0 flex-col gap-5 rounded-lg border-[3px] border-ink bg-white p-4 shadow-hard-sm sm:p-5">
      <legend className="-ml-1 rounded-sm border-[3px] border-ink bg-yellow px-2 py-0.5 text-sm font-black tracking-wider uppercase">
        {title}
      </legend>
      {children}
    </fieldset>
  );
}

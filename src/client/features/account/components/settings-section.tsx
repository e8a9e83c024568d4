import type { ReactNode } from "react";

/** One card of the Settings page, named by its heading (a landmark region for screen readers). */
export function SettingsSection({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  const headingId = `settings-${id}`;
  return (
    <section aria-labelledby={headingId} className="flex min-w-0 flex-col gap-5 rounded-lg border-[3px] border-ink bg-white p-4 shadow-hard-sm sm:p-6">
      <h2 id={headingId} className="w-fit rounded-sm border-[3px] border-ink bg-yellow px-2 py-0.5 text-sm font-black tracking-wider uppercase">
        {title}
      </h2>
      {children}
    </section>
  );
}

/** The line under a form that says how its last submit went (a polite live region). */
export function SavedStatus({ text }: { text: string | null }) {
  return (
    <div role="status" className="min-h-6 text-sm font-bold">
      {text && <span className="inline-flex rounded-sm bg-teal-soft px-2 py-0.5">{text}</span>}
    </div>
  );
}

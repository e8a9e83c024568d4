import { STUDIO_TEXT } from "../lib/texts";

/**
 * What the site's curators did to the creator, said on every studio page (docs/decisions/0019):
 * suspended (nothing they publish or change shows; the server refuses it), or a hidden profile.
 * Nothing while neither. Plain markup, no data of its own: each studio page passes what its own
 * answer says, so the pages load nothing more (their budgets, docs/decisions/0013).
 */
export function CurationNotice({ suspended, hidden }: { suspended: boolean; hidden: boolean }) {
  const text = suspended ? STUDIO_TEXT.suspended : hidden ? STUDIO_TEXT.hidden : null;
  if (!text) return null;
  return (
    <p role="status" data-testid="curation-notice" className="rounded-md border-[3px] border-ink bg-pink-soft px-4 py-3 font-semibold text-ink shadow-hard-sm">
      {text}
    </p>
  );
}

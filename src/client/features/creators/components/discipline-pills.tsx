import { disciplineLabel } from "../../../../common/creator-fields";
import type { Creator } from "../../../../common/api/creators";

/** A creator's art disciplines as pills (spec §2: underscores shown as spaces); nothing when none. */
export function DisciplinePills({ disciplines }: { disciplines: Creator["disciplines"] }) {
  if (disciplines.length === 0) return null;
  return (
    <ul aria-label="Art disciplines" className="flex flex-wrap gap-1.5">
      {disciplines.map((d) => (
        <li key={d} className="rounded-full border-2 border-ink bg-yellow-soft px-2.5 py-0.5 text-xs font-black tracking-wider uppercase">
          {disciplineLabel(d)}
        </li>
      ))}
    </ul>
  );
}

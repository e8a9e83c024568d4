/**
 * The audit log (curators and admins): every back-office action, newest first, with who, when,
 * what it was done to (a link where the item has a page), the fields it changed and its note.
 * Filtered by action, target and actor, in the URL (the inventory's History links here). Read
 * only: nothing in the back office changes an entry.
 */
import { useState, type FormEvent } from "react";
import { Link } from "react-router";
import { hasRole, type Role } from "../../../../common/roles";
import { Button } from "../../../components/ui/button";
import { SelectField, TextField } from "../../../components/ui/field";
import { adminOrderPath, adminPaths } from "../../../config/admin-paths";
import { creatorPath, storyPath } from "../../../config/paths";
import { useAudit, type AuditEntry, type AuditFilter } from "./list-audit";
import { useUrlFilters } from "../shared/use-url-filters";
import { actionLabel, changesOf, formatWhen, TARGET_KINDS } from "../shared/format";
import { ListEmpty, ListFailed, ListLoading, LoadMore } from "../shared/list-parts";

export const AUDIT_TEXT = {
  filters: "Filter the audit log",
  action: "Action",
  actionHint: "e.g. product.stock, or order for every order action",
  target: "Target",
  anyTarget: "Any",
  targetId: "Target id",
  actor: "Who",
  actorHint: "An e-mail, a user id, or cli",
  apply: "Filter",
  clear: "Clear filters",
  loading: "Loading the audit log...",
  failed: "The audit log could not be loaded.",
  empty: "No entries match.",
  by: "by",
  commandLine: "the command line",
  note: "Note",
} as const;

const FILTERS = ["action", "target_kind", "target_id", "actor"] as const;

/** Where a target can be seen, for the reader's role; undefined when it has no page. */
function targetPath(entry: AuditEntry, role: Role): string | undefined {
  const { kind, id } = entry.target;
  // A new featured order names no one item: it links to the order as it is now.
  if (entry.action.endsWith(".reorder")) return `${adminPaths.curation}?kind=${kind}&state=featured`;
  if (kind === "order") return hasRole(role, "admin") ? adminOrderPath(id) : undefined;
  if (kind === "story") return storyPath(id);
  // A comment's entries carry its story: the link opens the comment at its place there.
  const storyId = entry.after?.story_id ?? entry.before?.story_id;
  if (kind === "comment") return typeof storyId === "string" ? `${storyPath(storyId)}#comment-${encodeURIComponent(id)}` : undefined;
  if (kind === "creator") return creatorPath(id);
  if (kind === "user" && hasRole(role, "admin")) {
    const email = entry.after?.email ?? entry.before?.email;
    return typeof email === "string" ? `${adminPaths.people}?q=${encodeURIComponent(email)}` : undefined;
  }
  return undefined;
}

export function AuditPage({ uid, role }: { uid: string; role: Role }) {
  const [filters, update] = useUrlFilters(FILTERS);
  const log = useAudit(uid, filters);
  const entries = log.data?.pages.flatMap((page) => page.items) ?? [];

  return (
    <div className="flex flex-col gap-6">
      {/* A new URL (a History link, Back) gives the form its values afresh. */}
      <AuditFilters key={FILTERS.map((f) => filters[f]).join("\u0000")} filters={filters} onApply={update} />
      {log.isPending ? (
        <ListLoading text={AUDIT_TEXT.loading} />
      ) : log.isError ? (
        <ListFailed text={AUDIT_TEXT.failed} onRetry={() => void log.refetch()} />
      ) : entries.length === 0 ? (
        <ListEmpty>{AUDIT_TEXT.empty}</ListEmpty>
      ) : (
        <ol aria-label="Audit log entries" aria-busy={log.isPlaceholderData || undefined} className="flex flex-col gap-3">
          {entries.map((entry) => (
            <li key={entry.id}>
              <AuditRow entry={entry} role={role} />
            </li>
          ))}
        </ol>
      )}
      <LoadMore hasNextPage={log.hasNextPage} isFetchingNextPage={log.isFetchingNextPage} fetchNextPage={log.fetchNextPage} />
    </div>
  );
}

function AuditFilters({ filters, onApply }: { filters: AuditFilter; onApply: (filters: AuditFilter) => void }) {
  const [draft, setDraft] = useState(filters);
  const set = (name: keyof AuditFilter) => (event: { target: { value: string } }) => setDraft({ ...draft, [name]: event.target.value });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onApply(Object.fromEntries(FILTERS.map((f) => [f, draft[f].trim()])) as unknown as AuditFilter);
  };
  const active = FILTERS.some((f) => filters[f] !== "");
  return (
    <form role="search" aria-label={AUDIT_TEXT.filters} onSubmit={submit} className="flex flex-col gap-4 rounded-lg border-[3px] border-ink bg-paper-deep p-4 sm:p-5">
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        <TextField label={AUDIT_TEXT.action} hint={AUDIT_TEXT.actionHint} value={draft.action} maxLength={100} autoComplete="off" onChange={set("action")} />
        <SelectField label={AUDIT_TEXT.target} value={draft.target_kind} onChange={set("target_kind")}>
          <option value="">{AUDIT_TEXT.anyTarget}</option>
          {TARGET_KINDS.map((kind) => (
            <option key={kind} value={kind}>
              {kind}
            </option>
          ))}
        </SelectField>
        <TextField label={AUDIT_TEXT.targetId} value={draft.target_id} maxLength={200} autoComplete="off" onChange={set("target_id")} />
        <TextField label={AUDIT_TEXT.actor} hint={AUDIT_TEXT.actorHint} value={draft.actor} maxLength={200} autoComplete="off" onChange={set("actor")} />
      </div>
      <div className="flex flex-wrap gap-3">
        <Button type="submit" variant="dark" size="sm">
          {AUDIT_TEXT.apply}
        </Button>
        {active && (
          <Button variant="secondary" size="sm" onClick={() => onApply({ action: "", target_kind: "", target_id: "", actor: "" })}>
            {AUDIT_TEXT.clear}
          </Button>
        )}
      </div>
    </form>
  );
}

function AuditRow({ entry, role }: { entry: AuditEntry; role: Role }) {
  const label = actionLabel(entry.action);
  const to = targetPath(entry, role);
  const changes = changesOf(entry);
  const who = entry.actor.id === "cli" ? AUDIT_TEXT.commandLine : entry.actor.email;
  return (
    <article data-testid="audit-entry" className="flex flex-col gap-3 rounded-lg border-[3px] border-ink bg-white p-4 shadow-hard-sm">
      <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
        <h2 className="flex flex-wrap items-baseline gap-2 text-lg font-black">
          {label ?? entry.action}
          {label && <code className="rounded-sm bg-paper-deep px-1.5 text-sm font-semibold">{entry.action}</code>}
        </h2>
        <time dateTime={entry.created_at} className="text-sm text-muted">
          {formatWhen(entry.created_at)}
        </time>
      </div>
      <p className="flex flex-wrap gap-x-1.5 text-sm [overflow-wrap:anywhere]">
        <span className="capitalize">{entry.target.kind}</span>
        {to ? (
          <Link to={to} className="link-ink">
            {entry.target.id}
          </Link>
        ) : (
          <span className="font-bold">{entry.target.id}</span>
        )}
        <span>
          {AUDIT_TEXT.by} <span className="font-bold">{who}</span>
        </span>
      </p>
      {changes.length > 0 && (
        <ul aria-label="Changes" className="flex flex-col gap-1 text-sm">
          {changes.map((change) => (
            <li key={change.field} className="flex flex-wrap items-center gap-x-2 [overflow-wrap:anywhere]">
              <span className="font-bold">{change.field}:</span>
              {change.before !== null && <span>{change.before}</span>}
              {change.before !== null && change.after !== null && (
                <span>
                  <span aria-hidden="true">→</span>
                  <span className="sr-only">to</span>
                </span>
              )}
              {change.after !== null && <span className="font-semibold">{change.after}</span>}
            </li>
          ))}
        </ul>
      )}
      {entry.note && (
        <p className="border-l-4 border-pink pl-3 text-sm [overflow-wrap:anywhere]">
          <span className="sr-only">{AUDIT_TEXT.note}: </span>
          {entry.note}
        </p>
      )}
    </article>
  );
}

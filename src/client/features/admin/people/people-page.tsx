/**
 * The back office's people (admins): every account with its role, newest first, searched by
 * e-mail or username and filtered by role (both in the URL). A role changes with its own button
 * (a select that acted on every arrow key would change roles by accident); making someone an admin
 * asks first. The signed-in admin's own row says "You" and offers no change: the last admin
 * cannot step down, and anyone else would lock themselves out of this page.
 */
import { useId, useState } from "react";
import { Link } from "react-router";
import { ADMIN_SEARCH_MAX } from "../../../../common/admin-fields";
import { isRole, ROLE_LABELS, ROLES, type Role } from "../../../../common/roles";
import { Alert } from "../../../components/ui/alert";
import { Button } from "../../../components/ui/button";
import { ConfirmDialog } from "../../../components/ui/confirm-dialog";
import { SelectField } from "../../../components/ui/field";
import { Notice, useTimedNotice } from "../../../components/ui/notice";
import { creatorPath } from "../../../config/paths";
import { failureMessage } from "../../../lib/api";
import { usePeople, type Person } from "./list-people";
import { useSetRole } from "./set-role";
import { useSearchBox, useUrlFilters } from "../shared/use-url-filters";
import { formatDay } from "../shared/format";
import { ListEmpty, ListFailed, ListLoading, LoadMore } from "../shared/list-parts";
import { SearchBox } from "../shared/search-box";

export const PEOPLE_TEXT = {
  search: "Search by e-mail or username",
  roleFilter: "Role",
  allRoles: "All roles",
  loading: "Loading people...",
  failed: "The people could not be loaded.",
  empty: "Nobody matches.",
  you: "You",
  joined: (day: string) => `Joined ${day}`,
  creator: "Creator",
  role: (email: string) => `Role of ${email}`,
  change: "Change role",
  changing: "Changing...",
  confirmTitle: "Make this person an admin?",
  confirmBody: (email: string) =>
    `${email} will be able to do everything in the back office: orders, inventory, curation and everyone's roles.`,
  confirm: "Make admin",
  changed: (email: string, role: Role) => `${email} is now ${role === "admin" ? "an" : "a"} ${ROLE_LABELS[role]}.`,
  failedChange: "The role could not be changed. Check your connection and try again.",
} as const;

export function PeoplePage({ uid }: { uid: string }) {
  const [filters, update] = useUrlFilters(["q", "role"] as const);
  const [search, setSearch] = useSearchBox(filters.q, (q) => update({ q }));
  const role = isRole(filters.role) ? filters.role : "";
  const list = usePeople(uid, { q: filters.q, role });
  const notice = useTimedNotice();
  const people = list.data?.pages.flatMap((page) => page.items) ?? [];

  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-end">
        <SearchBox label={PEOPLE_TEXT.search} value={search} maxLength={ADMIN_SEARCH_MAX} onChange={setSearch} className="flex-1" />
        <SelectField label={PEOPLE_TEXT.roleFilter} value={role} onChange={(event) => update({ role: event.target.value })} className="sm:w-48">
          <option value="">{PEOPLE_TEXT.allRoles}</option>
          {ROLES.map((r) => (
            <option key={r} value={r}>
              {ROLE_LABELS[r]}
            </option>
          ))}
        </SelectField>
      </div>

      {list.isPending ? (
        <ListLoading text={PEOPLE_TEXT.loading} />
      ) : list.isError ? (
        <ListFailed text={PEOPLE_TEXT.failed} onRetry={() => void list.refetch()} />
      ) : people.length === 0 ? (
        <ListEmpty>{PEOPLE_TEXT.empty}</ListEmpty>
      ) : (
        <ul aria-label="People" aria-busy={list.isPlaceholderData || undefined} className="flex flex-col gap-3">
          {people.map((person) => (
            <li key={person.id}>
              <PersonRow uid={uid} person={person} self={person.id === uid} onChanged={(text) => notice.show(text)} />
            </li>
          ))}
        </ul>
      )}
      <LoadMore hasNextPage={list.hasNextPage} isFetchingNextPage={list.isFetchingNextPage} fetchNextPage={list.fetchNextPage} />
      <Notice message={notice.message} />
    </div>
  );
}

function PersonRow({ uid, person, self, onChanged }: { uid: string; person: Person; self: boolean; onChanged: (text: string) => void }) {
  const setRole = useSetRole(uid);
  const [choice, setChoice] = useState<Role>(person.role);
  const [confirming, setConfirming] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const headingId = useId();

  async function change() {
    setError(null);
    try {
      const after = await setRole.mutateAsync({ userId: person.id, role: choice });
      setConfirming(false);
      onChanged(PEOPLE_TEXT.changed(after.email, after.role));
    } catch (failure) {
      setConfirming(false);
      setError(failureMessage(failure, PEOPLE_TEXT.failedChange));
    }
  }

  return (
    <article aria-labelledby={headingId} data-testid="person" className="flex flex-col gap-3 rounded-lg border-[3px] border-ink bg-white p-4 shadow-hard-sm">
      <div className="flex flex-wrap items-end justify-between gap-x-6 gap-y-3">
        <div className="flex min-w-0 flex-1 basis-60 flex-col gap-1">
          <h2 id={headingId} className="flex flex-wrap items-center gap-2 text-lg font-black [overflow-wrap:anywhere]">
            {person.email}
            {self && <span className="rounded-full border-2 border-ink bg-yellow px-2 text-xs font-bold">{PEOPLE_TEXT.you}</span>}
          </h2>
          <p className="flex flex-wrap gap-x-3 text-sm text-muted">
            <span className="[overflow-wrap:anywhere]">@{person.username}</span>
            <span>{PEOPLE_TEXT.joined(formatDay(person.joined))}</span>
            {person.creator_id && (
              <Link to={creatorPath(person.creator_id)} className="link-ink text-ink">
                {PEOPLE_TEXT.creator}
              </Link>
            )}
          </p>
        </div>
        {self ? (
          <p className="font-bold">{ROLE_LABELS[person.role]}</p>
        ) : (
          <div className="flex flex-wrap items-end gap-2">
            <SelectField
              label={PEOPLE_TEXT.role(person.email)}
              value={choice}
              onChange={(event) => {
                setError(null);
                if (isRole(event.target.value)) setChoice(event.target.value);
              }}
              className="w-40 [&_label]:sr-only"
            >
              {ROLES.map((r) => (
                <option key={r} value={r}>
                  {ROLE_LABELS[r]}
                </option>
              ))}
            </SelectField>
            <Button
              variant={choice === person.role ? "secondary" : "dark"}
              size="sm"
              className="min-h-12"
              disabled={choice === person.role || setRole.isPending}
              aria-busy={setRole.isPending || undefined}
              onClick={() => (choice === "admin" ? setConfirming(true) : void change())}
            >
              {setRole.isPending ? PEOPLE_TEXT.changing : PEOPLE_TEXT.change}
              <span className="sr-only"> of {person.email}</span>
            </Button>
          </div>
        )}
      </div>
      {error && <Alert>{error}</Alert>}
      <ConfirmDialog
        open={confirming}
        title={PEOPLE_TEXT.confirmTitle}
        confirmLabel={PEOPLE_TEXT.confirm}
        busyLabel={PEOPLE_TEXT.changing}
        busy={setRole.isPending}
        onConfirm={() => void change()}
        onClose={() => setConfirming(false)}
      >
        <p>{PEOPLE_TEXT.confirmBody(person.email)}</p>
      </ConfirmDialog>
    </article>
  );
}

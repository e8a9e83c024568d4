import { clsx } from "clsx";
import { useState } from "react";
import type { DeviceSession } from "../../../../common/api/account";
import { Alert } from "../../../components/ui/alert";
import { Button } from "../../../components/ui/button";
import { failureMessage } from "../../../lib/api";
import { signOutOtherSessions, signOutSession, useDeviceSessions, useSessionsWrite } from "../api/account";
import { formatWhen, SETTINGS_TEXT } from "../lib/texts";
import { SettingsSection } from "./settings-section";

const TEXT = SETTINGS_TEXT.sessions;

/** Where the account is signed in, newest first: sign out one device, or every other one. */
export function SessionsSection({ uid }: { uid: string }) {
  const sessions = useDeviceSessions(uid);
  const signOutOne = useSessionsWrite(uid, signOutSession);
  const signOutOthers = useSessionsWrite(uid, signOutOtherSessions);
  const [answer, setAnswer] = useState<{ ok: boolean; text: string } | null>(null);
  const busy = signOutOne.isPending || signOutOthers.isPending;

  async function run(write: () => Promise<{ message: string }>) {
    setAnswer(null);
    try {
      setAnswer({ ok: true, text: (await write()).message });
    } catch (error) {
      setAnswer({ ok: false, text: failureMessage(error, SETTINGS_TEXT.failed) });
    }
  }

  const list = sessions.data?.sessions ?? [];
  const others = list.filter((s) => !s.current);

  return (
    <SettingsSection id="sessions" title={TEXT.title}>
      {sessions.isPending && <p role="status">{TEXT.loading}</p>}
      {sessions.isError && (
        <div className="flex flex-wrap items-center gap-3">
          <p role="alert">{TEXT.failed}</p>
          <Button size="sm" variant="secondary" onClick={() => void sessions.refetch()}>
            {TEXT.retry}
          </Button>
        </div>
      )}
      {list.length > 0 && (
        <ul className="flex flex-col gap-3" aria-label={TEXT.title}>
          {list.map((session) => (
            <DeviceRow
              key={session.id}
              session={session}
              busy={busy}
              pending={signOutOne.isPending && signOutOne.variables === session.id}
              onSignOut={() => void run(() => signOutOne.mutateAsync(session.id))}
            />
          ))}
        </ul>
      )}
      {answer && <Alert tone={answer.ok ? "success" : "error"}>{answer.text}</Alert>}
      {sessions.isSuccess &&
        (others.length > 0 ? (
          <Button variant="secondary" className="w-full sm:w-fit" disabled={busy} onClick={() => void run(() => signOutOthers.mutateAsync(undefined))}>
            {signOutOthers.isPending ? TEXT.signingOut : TEXT.signOutOthers}
          </Button>
        ) : (
          <p className="text-muted">{TEXT.onlyThis}</p>
        ))}
    </SettingsSection>
  );
}

function DeviceRow({ session, busy, pending, onSignOut }: { session: DeviceSession; busy: boolean; pending: boolean; onSignOut: () => void }) {
  const name = `${session.browser} on ${session.os}`;
  return (
    <li
      className={clsx(
        "flex flex-col gap-3 rounded-md border-[3px] border-ink px-3.5 py-3 sm:flex-row sm:items-center sm:justify-between",
        session.current ? "bg-teal-soft" : "bg-paper",
      )}
    >
      <div className="flex min-w-0 flex-col gap-0.5">
        <p className="flex flex-wrap items-center gap-2 font-bold">
          {name}
          {session.current && (
            <span className="rounded-sm border-2 border-ink bg-white px-1.5 py-0.5 text-xs font-black tracking-wider uppercase">
              {TEXT.thisDevice}
            </span>
          )}
        </p>
        <p className="text-sm text-muted">{TEXT.lastSeen(formatWhen(session.last_seen))}</p>
      </div>
      {!session.current && (
        <Button size="sm" variant="secondary" disabled={busy} aria-label={`${TEXT.signOut}: ${name}, ${TEXT.lastSeen(formatWhen(session.last_seen))}`} onClick={onSignOut}>
          {pending ? TEXT.signingOut : TEXT.signOut}
        </Button>
      )}
    </li>
  );
}

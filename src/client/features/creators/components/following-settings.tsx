/**
 * Settings' Following section (issue 32, docs/decisions/0030): how the account hears of new
 * stories and drops by the creators it follows (at once, a weekly digest, never), saved as soon as
 * it is chosen, and the creators it follows, each with Unfollow. The Settings page frames it.
 */
import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useId, useState } from "react";
import { Link } from "react-router";
import { FOLLOW_MAIL, FOLLOW_MAIL_LABELS, type FollowMail } from "../../../../common/follows";
import { buttonClasses } from "../../../components/ui/button";
import { creatorPath, paths } from "../../../config/paths";
import type { Follows } from "../../../../common/api/follows";
import { api, failureMessage } from "../../../lib/api";
import { followsKey, useFollows, useSetFollow } from "../api/follows";

const TEXT = {
  mailLegend: "E-mail me about new stories and drops, and the messages of creators I follow",
  saved: "Saved.",
  failed: "That did not work. Please try again.",
  none: "You don't follow any creator yet.",
  directory: "Find creators to follow",
  loading: "Loading the creators you follow...",
  unfollowed: (name: string) => `You no longer follow ${name}.`,
} as const;

/** Saves the choice; the cached follows carry it from then on. */
function useSetFollowMail(uid: string) {
  const queryClient = useQueryClient();
  return async (mail: FollowMail): Promise<void> => {
    await api<{ mail: FollowMail }>("/api/me/follow-mail", { method: "PUT", body: { mail } });
    queryClient.setQueryData<Follows>(followsKey(uid), (old) => old && { ...old, mail });
  };
}

export function FollowingSettings({ uid }: { uid: string }) {
  const follows = useFollows(uid);
  const setMail = useSetFollowMail(uid);
  const { refetch } = follows;
  // Read again on opening Settings: following elsewhere updates only the ids, not the names.
  useEffect(() => void refetch(), [refetch]);
  const { setFollow, pending } = useSetFollow(uid);
  const name = useId();
  const [status, setStatus] = useState<{ text: string; error?: true } | null>(null);
  const [chosen, setChosen] = useState<FollowMail | null>(null);
  const mail = chosen ?? follows.data?.mail ?? "instant";

  function choose(next: FollowMail) {
    const before = mail;
    setChosen(next);
    setStatus(null);
    setMail(next).then(
      () => setStatus({ text: TEXT.saved }),
      (failure: unknown) => {
        setChosen(before);
        setStatus({ text: failureMessage(failure, TEXT.failed), error: true });
      },
    );
  }

  function unfollow(id: string, who: string) {
    setStatus(null);
    setFollow(id, false).then(
      () => {
        setStatus({ text: TEXT.unfollowed(who) });
        void refetch();
      },
      (failure: unknown) => setStatus({ text: failureMessage(failure, TEXT.failed), error: true }),
    );
  }

  return (
    <div className="flex flex-col gap-5">
      <fieldset className="flex flex-col gap-2">
        <legend className="mb-2 font-bold">{TEXT.mailLegend}</legend>
        {FOLLOW_MAIL.map((option) => (
          <label key={option} className="flex cursor-pointer items-center gap-3">
            <input
              type="radio"
              name={name}
              value={option}
              checked={mail === option}
              disabled={follows.isPending}
              onChange={() => choose(option)}
              className="size-5 shrink-0 cursor-pointer accent-ink"
            />
            {FOLLOW_MAIL_LABELS[option]}
          </label>
        ))}
      </fieldset>
      <div role="status" className="min-h-6 text-sm font-bold">
        {status && <span className={`inline-flex rounded-sm px-2 py-0.5 ${status.error ? "bg-pink-soft" : "bg-teal-soft"}`}>{status.text}</span>}
      </div>
      {follows.isPending ? (
        <p className="text-sm text-muted">{TEXT.loading}</p>
      ) : (follows.data?.creators.length ?? 0) === 0 ? (
        <p className="flex flex-wrap items-center gap-3">
          {TEXT.none}
          <Link to={paths.creators} className={buttonClasses({ variant: "secondary", size: "sm" })}>
            {TEXT.directory}
          </Link>
        </p>
      ) : (
        <ul className="flex flex-col divide-y-2 divide-ink/10" aria-label="Creators you follow">
          {follows.data!.creators.map((creator) => (
            <li key={creator.id} className="flex flex-wrap items-center justify-between gap-3 py-2">
              <Link to={creatorPath(creator.id)} className="font-bold underline-offset-4 hover:underline">
                {creator.name}
              </Link>
              <button
                type="button"
                disabled={pending}
                onClick={() => unfollow(creator.id, creator.name)}
                aria-label={`Unfollow ${creator.name}`}
                className={buttonClasses({ variant: "secondary", size: "sm" })}
              >
                Unfollow
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

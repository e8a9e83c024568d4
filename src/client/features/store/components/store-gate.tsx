import { LockKeyhole } from "lucide-react";
import { useId } from "react";
import { Link } from "react-router";
import { Alert } from "../../../components/ui/alert";
import { Button, buttonClasses } from "../../../components/ui/button";

export const GATE_TITLE = "Unlock Store Access";
export const GATE_TEXT = "Subscribe for free to shop MAYBE merchandise and story-inspired creations.";
export const GATE_BUTTON = "Subscribe to Shop";

export type StoreGateProps =
  | { mode: "signed-out"; subscribePath: string; loginPath: string }
  | { mode: "unsubscribed"; onSubscribe: () => void; subscribing: boolean; error: string | null };

/**
 * The overlay over a locked store (spec §2, §4; DECISIONS.md 7). It sits above the store, which
 * the page makes inert; the card sticks to the middle of the screen while the store scrolls.
 */
export function StoreGate(props: StoreGateProps) {
  const titleId = useId();
  return (
    <div className="absolute inset-0 z-10 bg-paper/70 backdrop-blur-[3px]">
      <section
        aria-labelledby={titleId}
        className="sticky top-24 mx-auto mt-10 flex w-[min(30rem,calc(100%-2rem))] flex-col items-center gap-5 rounded-xl border-[3px] border-ink bg-white px-6 py-8 text-center shadow-hard-lg sm:mt-16 sm:px-9 sm:py-10"
      >
        <span className="flex size-16 -rotate-6 items-center justify-center rounded-lg border-[3px] border-ink bg-yellow shadow-hard-sm">
          <LockKeyhole aria-hidden="true" className="size-8" strokeWidth={2.5} />
        </span>
        <h2 id={titleId} className="font-heavy text-3xl sm:text-4xl">
          {GATE_TITLE}
        </h2>
        <p className="text-lg">{GATE_TEXT}</p>
        <GateActions {...props} block />
      </section>
    </div>
  );
}

/**
 * The gate's way in: 'Subscribe to Shop' (a link to sign up for a visitor, the free subscribe for
 * a signed-in user) and, for a visitor, the sign-in link. A shared product offers the same.
 */
export function GateActions(props: StoreGateProps & { block?: boolean }) {
  const { block = false } = props;
  return props.mode === "signed-out" ? (
    <>
      <Link to={props.subscribePath} className={buttonClasses({ variant: "primary", size: "lg", block })}>
        {GATE_BUTTON}
      </Link>
      <Link to={props.loginPath} className="link-ink">
        Already have an account? Sign in
      </Link>
    </>
  ) : (
    <>
      <Button
        size="lg"
        block={block}
        aria-busy={props.subscribing || undefined}
        onClick={() => {
          if (!props.subscribing) props.onSubscribe();
        }}
      >
        {props.subscribing ? "Subscribing..." : GATE_BUTTON}
      </Button>
      {props.error && <Alert className="w-full text-left">{props.error}</Alert>}
    </>
  );
}

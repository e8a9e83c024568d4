import { Rocket } from "lucide-react";
import { PageIntro } from "../../../components/layout/page-intro";
import { Button } from "../../../components/ui/button";
import { STORY_TEXT, STUDIO_TEXT } from "../lib/texts";

/** /studio for a signed-in account that is not a creator: what the studio is and how to get one. */
export function NotCreator({ onApply }: { onApply: () => void }) {
  return (
    <div className="mx-auto flex w-full max-w-6xl flex-col gap-10 px-4 py-10 sm:px-6 sm:py-14">
      <PageIntro title={STUDIO_TEXT.title} kicker={STUDIO_TEXT.kicker} />
      <section
        aria-labelledby="not-creator-title"
        className="relative isolate flex flex-col items-start gap-5 overflow-hidden rounded-xl border-[3px] border-ink bg-yellow p-6 shadow-hard-lg sm:p-10"
      >
        <div aria-hidden="true" className="absolute -right-10 -bottom-12 -z-10 size-40 rounded-full border-[3px] border-ink bg-pink sm:size-52" />
        <h2 id="not-creator-title" className="font-heavy text-3xl sm:text-5xl">
          {STUDIO_TEXT.notCreatorTitle}
        </h2>
        <p className="max-w-2xl text-lg font-bold">{STORY_TEXT.notCreator}</p>
        <p className="max-w-2xl text-lg">{STUDIO_TEXT.notCreatorBody}</p>
        <Button variant="dark" size="lg" aria-haspopup="dialog" onClick={onApply}>
          <Rocket aria-hidden="true" className="size-5" strokeWidth={2.75} />
          {STUDIO_TEXT.apply}
        </Button>
      </section>
    </div>
  );
}

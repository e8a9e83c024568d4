import type { ReactNode } from "react";

export interface HeroProps {
  /** Welcome text under the wordmark. */
  welcome: ReactNode;
  /** Buttons and links under the welcome text. */
  children?: ReactNode;
}

/** The big MAYBE wordmark (the page's h1) with its stickers; used by landing and home. */
export function Hero({ welcome, children }: HeroProps) {
  return (
    <section className="relative isolate flex flex-1 items-center overflow-hidden px-4 py-14 sm:py-20">
      <Decorations />
      <div className="mx-auto flex w-full max-w-4xl flex-col items-center gap-7 text-center sm:gap-9">
        <p className="-rotate-2 rounded-sm border-[3px] border-ink bg-yellow px-3 py-1 text-[0.7rem] font-black tracking-[0.14em] whitespace-nowrap uppercase shadow-hard-sm sm:text-sm sm:tracking-[0.2em]">
          Creators · Stories · Merch
        </p>
        <h1 className="font-heavy text-[clamp(4.75rem,25vw,13rem)] leading-[0.82] tracking-[-0.07em] text-ink text-shadow-[0.06em_0.06em_0_#ff3d7f]">
          MAYBE
        </h1>
        <div className="max-w-2xl text-lg leading-relaxed text-ink sm:text-2xl">{welcome}</div>
        {children && <div className="flex flex-col items-center gap-5">{children}</div>}
      </div>
    </section>
  );
}

function Decorations() {
  return (
    <div aria-hidden="true" className="pointer-events-none absolute inset-0 -z-10">
      <div className="absolute top-10 -left-10 size-28 rounded-full border-[3px] border-ink bg-teal sm:top-16 sm:left-[6%] sm:size-36" />
      <div className="absolute hidden rotate-12 rounded-lg border-[3px] border-ink bg-yellow sm:block sm:top-auto sm:right-[7%] sm:bottom-24 sm:size-32" />
      <div className="absolute top-[18%] right-[10%] hidden size-14 -rotate-12 rounded-md border-[3px] border-ink bg-blue md:block" />
      <div className="absolute bottom-[12%] left-[12%] hidden h-5 w-40 -rotate-6 rounded-full border-[3px] border-ink bg-pink md:block" />
    </div>
  );
}

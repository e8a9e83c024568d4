/** The store's opening block with the page's one h1. Never inert: it holds nothing to click. */
export function StoreHero() {
  return (
    <section className="relative isolate overflow-hidden px-4 pt-12 pb-10 sm:px-6 sm:pt-16 sm:pb-14">
      <div aria-hidden="true" className="pointer-events-none absolute inset-0 -z-10">
        <div className="absolute -top-8 right-[-3rem] size-32 rounded-full border-[3px] border-ink bg-teal sm:top-10 sm:right-[8%] sm:size-40" />
        <div className="absolute top-[55%] right-[22%] hidden size-14 rotate-12 rounded-md border-[3px] border-ink bg-pink md:block" />
        <div className="absolute bottom-6 left-[55%] hidden h-5 w-36 -rotate-6 rounded-full border-[3px] border-ink bg-blue lg:block" />
      </div>
      <div className="mx-auto flex max-w-6xl flex-col gap-5">
        <p className="w-fit -rotate-2 rounded-sm border-[3px] border-ink bg-yellow px-2.5 py-0.5 text-sm font-black tracking-wider uppercase shadow-hard-sm">
          Merch · Art · Drops
        </p>
        <h1 className="font-heavy text-[clamp(3.5rem,17vw,8.5rem)] leading-[0.85] tracking-[-0.06em] text-shadow-[0.05em_0.05em_0_#ff3d7f]">
          Store
        </h1>
        <p className="max-w-xl text-lg text-ink sm:text-xl">
          Tees, prints, tapes and odd little treasures made by MAYBE creators. Every piece comes with a story.
        </p>
      </div>
    </section>
  );
}

/**
 * The scrolling now-playing strip: 'title • artist' (or 'No Track') on an 8 s loop. Two copies,
 * each at least as wide as the strip, slide by one copy's width, so the loop has no seam. With
 * reduced motion the text stands still.
 */
export function NowPlayingStrip({ text }: { text: string }) {
  const copy = "min-w-[100cqw] shrink-0 truncate px-4 py-2 motion-safe:overflow-visible motion-safe:text-clip";
  return (
    <div className="@container overflow-hidden rounded-md border-[3px] border-ink bg-ink text-sm font-black tracking-wide text-yellow uppercase">
      <div data-testid="now-playing" className="flex w-max motion-safe:animate-marquee motion-reduce:w-full">
        <p className={copy}>{text}</p>
        <p aria-hidden="true" className={`${copy} motion-reduce:hidden`}>
          {text}
        </p>
      </div>
    </div>
  );
}

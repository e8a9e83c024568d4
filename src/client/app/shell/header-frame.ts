/** The header's frame, shared by the signed-out header, the signed-in one and its loading stand-in. */
// Not on paper: a printed page (the packing slip) is the page's own content only.
export const HEADER = "sticky top-0 z-30 border-b-[3px] border-ink bg-paper/95 backdrop-blur-sm print:hidden";
/** The signed-in row; the stand-in uses it too, so the wordmark does not move when the rest arrives. */
export const HEADER_ROW = "relative mx-auto flex h-16 max-w-6xl items-center gap-3 px-4 lg:gap-6 lg:px-6";
export const WORDMARK = "font-heavy rounded-sm text-[2rem] leading-none tracking-[-0.05em] sm:text-4xl";

/**
 * 'Featured Tees of the Week' (spec §2 Store): one slide at a time, auto-advancing every 5 s.
 * WAI-ARIA APG carousel pattern: a region with aria-roledescription="carousel", slides as groups
 * labelled 'N of M', previous/next buttons, a rotation control and "Go to slide N" dots. Rotation
 * stops while the pointer is over the carousel, while focus is inside it, when the user prefers
 * reduced motion or has pressed the stop button; the slides are a polite live region only then.
 * The left/right arrow keys move it from anywhere on the page (spec §2 Store), except while a
 * modal dialog is open or focus is in something that uses those keys itself (a text field, a
 * menu, a slider...).
 */
import { clsx } from "clsx";
import { ArrowRight, ChevronLeft, ChevronRight, Pause, Play } from "lucide-react";
import { useEffect, useEffectEvent, useId, useLayoutEffect, useRef, useState } from "react";
import { usePrefersReducedMotion } from "../../../hooks/use-prefers-reduced-motion";
import type { Product } from "../types";
import { ProductImage, StockBadge } from "./product-image";

export const CAROUSEL_TITLE = "Featured Tees of the Week";
/** Spec §9: carousel auto-advance. */
export const AUTO_ADVANCE_MS = 5000;

export interface TeeCarouselProps {
  products: Product[];
  loading: boolean;
  /** Stops rotation from outside (e.g. while the store is locked). */
  paused?: boolean;
  onOpen: (product: Product, trigger: HTMLElement) => void;
}

/** Where the arrow keys already mean something: moving the caret, a choice or a value. */
const OWNS_ARROW_KEYS = [
  "input:not([type=button], [type=submit], [type=reset], [type=checkbox], [type=image], [type=file], [type=color])",
  "textarea",
  "select",
  '[contenteditable]:not([contenteditable="false"])',
  ...["textbox", "searchbox", "combobox", "listbox", "menu", "menubar", "slider", "spinbutton", "radiogroup", "tablist", "grid", "tree"].map(
    (role) => `[role="${role}"]`,
  ),
  // Inside any dialog, modal or not, the keys belong to the dialog.
  "dialog",
  '[role="dialog"]',
  '[role="alertdialog"]',
].join(", ");

/** i mod n, also for negative i: the index wraps both ways. */
function wrap(i: number, n: number): number {
  return n === 0 ? 0 : ((i % n) + n) % n;
}

/**
 * The slides' frame, at least as tall as the tallest slide can be at each width (title and
 * description are clamped to three lines; the picture sets the height from `sm` on), so the
 * loading frame and the loaded one are the same size and nothing below moves when the tees arrive.
 */
const FRAME =
  "flex min-h-[36.6rem] overflow-hidden rounded-xl border-[3px] border-ink bg-white shadow-hard sm:min-h-[21.625rem] md:min-h-[23.3rem]";
/** The controls row's height: buttons, and below `sm` the dots on a line of their own. */
const CONTROLS_HEIGHT = "h-[5.25rem] sm:h-11";

const CONTROL =
  "inline-flex size-11 shrink-0 items-center justify-center rounded-md border-[3px] border-ink bg-white shadow-hard-sm " +
  "transition-[transform,box-shadow,background-color] duration-100 hover:-translate-y-px hover:bg-yellow-soft hover:shadow-hard " +
  "active:translate-x-0.5 active:translate-y-0.5 active:shadow-none";

export function TeeCarousel({ products, loading, paused = false, onOpen }: TeeCarouselProps) {
  const headingId = useId();
  const slidesId = useId();
  const count = products.length;
  const [index, setIndex] = useState(0);
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const [stopped, setStopped] = useState(false);
  const reducedMotion = usePrefersReducedMotion();
  const active = wrap(index, count);
  const rotating = count > 1 && !paused && !hovered && !focused && !stopped && !reducedMotion;

  const viewportRef = useRef<HTMLDivElement>(null);
  /** Set when a keyboard move starts in a slide, so focus follows to the new slide. */
  const focusSlideRef = useRef(false);

  // One timer per shown slide: any move (automatic or by hand) starts a fresh 5 s. A layout
  // effect, so the 5 s start in the same commit that shows the slide or resumes rotation.
  useLayoutEffect(() => {
    if (!rotating) return;
    const timer = setTimeout(() => setIndex((i) => wrap(i + 1, count)), AUTO_ADVANCE_MS);
    return () => clearTimeout(timer);
  }, [rotating, active, count]);

  useEffect(() => {
    if (!focusSlideRef.current) return;
    focusSlideRef.current = false;
    viewportRef.current?.querySelector<HTMLElement>(`[data-slide="${active}"] button`)?.focus({ preventScroll: true });
  }, [active]);

  function goTo(next: number) {
    // The old slide turns inert: focus inside it would be lost, so it moves to the new one.
    if (viewportRef.current?.contains(document.activeElement)) focusSlideRef.current = true;
    setIndex(wrap(next, count));
  }

  const sectionRef = useRef<HTMLElement>(null);

  const onArrowKey = useEffectEvent((event: globalThis.KeyboardEvent) => {
    if (event.key !== "ArrowLeft" && event.key !== "ArrowRight") return;
    // Alt+Left is the browser's Back; any modifier means the key is meant for something else.
    if (event.defaultPrevented || event.isComposing || event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) return;
    if (count < 2) return;
    const section = sectionRef.current;
    // Beneath the store gate the carousel is inert: the keys do not reach it either.
    if (!section || section.closest("[inert]")) return;
    if (document.querySelector('dialog:modal, [aria-modal="true"]')) return;
    if (event.target instanceof Element && event.target.closest(OWNS_ARROW_KEYS)) return;
    event.preventDefault();
    goTo(active + (event.key === "ArrowRight" ? 1 : -1));
  });

  useEffect(() => {
    const listener = (event: globalThis.KeyboardEvent) => onArrowKey(event);
    document.addEventListener("keydown", listener);
    return () => document.removeEventListener("keydown", listener);
  }, []);

  return (
    <section
      ref={sectionRef}
      aria-roledescription="carousel"
      aria-labelledby={headingId}
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
      onFocus={() => setFocused(true)}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setFocused(false);
      }}
      className="flex flex-col gap-5"
    >
      {/* As tall as the pause button, which appears only once there are tees to rotate. */}
      <div className="flex min-h-11 items-end justify-between gap-4">
        <h2 id={headingId} className="font-heavy text-3xl sm:text-4xl">
          {CAROUSEL_TITLE}
        </h2>
        {count > 1 && !reducedMotion && (
          <button
            type="button"
            onClick={() => setStopped((s) => !s)}
            aria-label={stopped ? "Start automatic slide show" : "Stop automatic slide show"}
            className={CONTROL}
          >
            {stopped ? (
              <Play aria-hidden="true" className="size-5" strokeWidth={2.75} />
            ) : (
              <Pause aria-hidden="true" className="size-5" strokeWidth={2.75} />
            )}
          </button>
        )}
      </div>

      {loading ? (
        <>
          <div aria-hidden="true" className={clsx(FRAME, "animate-pulse motion-reduce:animate-none")} />
          <div aria-hidden="true" className={CONTROLS_HEIGHT} />
        </>
      ) : count === 0 ? (
        <p className="rounded-xl border-[3px] border-dashed border-ink bg-white px-5 py-10 text-center font-bold">
          No featured tees right now. Check back soon.
        </p>
      ) : (
        <>
          <div ref={viewportRef} className={FRAME}>
            <div
              id={slidesId}
              aria-live={rotating ? "off" : "polite"}
              className="flex w-full shrink-0 motion-safe:transition-transform motion-safe:duration-500 motion-safe:ease-out"
              // None on the first slide: a server-rendered page carries no style attribute, which the
              // CSP would block; the browser sets it (through the DOM, which the CSP allows) once it moves.
              style={active ? { transform: `translateX(-${active * 100}%)` } : undefined}
            >
              {products.map((product, i) => (
                <Slide
                  key={product.id}
                  product={product}
                  position={i}
                  count={count}
                  current={i === active}
                  onOpen={onOpen}
                />
              ))}
            </div>
          </div>

          {count > 1 && (
            <div className={clsx("flex flex-wrap items-center justify-between gap-3", CONTROLS_HEIGHT)}>
              <button type="button" aria-controls={slidesId} aria-label="Previous slide" onClick={() => goTo(active - 1)} className={CONTROL}>
                <ChevronLeft aria-hidden="true" className="size-6" strokeWidth={3} />
              </button>
              <div className="order-last flex w-full flex-wrap justify-center gap-1 sm:order-none sm:w-auto">
                {products.map((product, i) => (
                  <button
                    key={product.id}
                    type="button"
                    aria-controls={slidesId}
                    aria-label={`Go to slide ${i + 1}`}
                    aria-current={i === active ? "true" : undefined}
                    onClick={() => goTo(i)}
                    className="group inline-flex size-7 items-center justify-center rounded-full"
                  >
                    <span
                      aria-hidden="true"
                      className={clsx(
                        "block size-3.5 rounded-full border-2 border-ink transition-[width,background-color] duration-150",
                        i === active ? "bg-pink" : "bg-white group-hover:bg-yellow",
                      )}
                    />
                  </button>
                ))}
              </div>
              <button type="button" aria-controls={slidesId} aria-label="Next slide" onClick={() => goTo(active + 1)} className={CONTROL}>
                <ChevronRight aria-hidden="true" className="size-6" strokeWidth={3} />
              </button>
            </div>
          )}
        </>
      )}
    </section>
  );
}

interface SlideProps {
  product: Product;
  position: number;
  count: number;
  current: boolean;
  onOpen: (product: Product, trigger: HTMLElement) => void;
}

function Slide({ product, position, count, current, onOpen }: SlideProps) {
  return (
    <div
      role="group"
      aria-roledescription="slide"
      aria-label={`${position + 1} of ${count}`}
      data-slide={position}
      // Slides out of view are neither focusable nor read out.
      inert={!current}
      aria-hidden={current ? undefined : true}
      className="w-full shrink-0"
    >
      <button
        type="button"
        onClick={(event) => onOpen(product, event.currentTarget)}
        className="group grid h-full w-full grid-cols-1 items-center gap-5 p-4 text-left hover:bg-yellow-soft sm:grid-cols-[minmax(0,13rem)_1fr] sm:gap-8 sm:p-6 md:grid-cols-[minmax(0,16rem)_1fr] focus-visible:outline-offset-[-6px]"
      >
        <span className="relative mx-auto block w-full max-w-52 overflow-hidden rounded-lg border-[3px] border-ink sm:max-w-none">
          <ProductImage product={product} eager={position === 0} />
          <StockBadge product={product} className="absolute top-2 right-2" />
        </span>
        <span className="flex min-w-0 flex-col gap-3">
          {product.story && (
            <span className="w-fit rounded-sm bg-blue px-2 py-0.5 text-xs font-black tracking-wider text-white uppercase">
              {product.story.title}
            </span>
          )}
          <span className="line-clamp-3 font-heavy text-3xl break-words sm:text-4xl md:text-5xl">{product.title}</span>
          <span className="line-clamp-3 max-w-prose text-base text-muted sm:text-lg">{product.description}</span>
          <span className="flex flex-wrap items-center gap-x-4 gap-y-2">
            <span className="font-heavy text-2xl text-pink-dark">{product.price}</span>
            <span className="inline-flex items-center gap-1.5 font-bold underline decoration-pink decoration-2 underline-offset-4 group-hover:decoration-ink">
              View details
              <ArrowRight aria-hidden="true" className="size-4 transition-transform group-hover:translate-x-0.5" strokeWidth={3} />
            </span>
          </span>
        </span>
      </button>
    </div>
  );
}

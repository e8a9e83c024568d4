/**
 * The signed-in header (spec §2 Shell): logo, main links, the radio slot and (except on /)
 * favorites, cart and profile. Below 768px the links and icons fold into one menu button.
 * Its own chunk (with its panels, dialogs and forms): signed-out pages never load it.
 *
 * One piece of state says which menu is open, so opening one closes the others. It remembers the
 * path it was opened on, so any route change closes it without an effect.
 */
import { clsx } from "clsx";
import { CircleUserRound, Heart, Menu as MenuIcon, Search, ShoppingCart, X } from "lucide-react";
import { lazy, Suspense, useCallback, useEffect, useId, useMemo, useRef, useState, type MouseEvent, type ReactNode } from "react";
import { Link, NavLink, useLocation, useNavigate } from "react-router";
import { TRIGGER_ATTRIBUTE, focusFirstIn, useDismiss } from "../../components/ui/dropdown";
import { mainNav, paths } from "../../config/paths";
import { useCart } from "../../features/cart/cart-provider";
import { CartPanel } from "../../features/cart/components/cart-panel";
import { useCartBounce } from "../../features/cart/hooks/use-cart-bounce";
import { FavoritesPanel } from "../../features/favorites/components/favorites-panel";
import { useFavorites } from "../../features/favorites/favorites-provider";
import { FAVORITE_MESSAGES } from "../../features/favorites/lib/favorite-entries";
import type { Profile } from "../../features/auth/api/get-me";
import { useSignOut } from "../../features/auth/api/sign-out";
import { ProfilePanel } from "../../features/auth/components/profile-panel";
import { displayName } from "../../features/auth/hooks/use-session";
import { RadioControl } from "../../features/radio/components/radio-control";
import type { TrackLikes } from "../../features/radio/components/radio-player";
import { api, failureMessage, logFailure } from "../../lib/api";
import { plural } from "../../lib/plural";
import { whenIdle } from "../../lib/when-idle";
import { HEADER, HEADER_ROW, WORDMARK } from "./header-frame";
import { MobileMenuPanel } from "./mobile-menu-panel";

type MenuName = "favorites" | "cart" | "profile" | "mobile" | DialogName;
/** The modal dialogs the header opens; one at a time, like the menus. */
type DialogName = "cart-dialog" | "checkout" | "search";
const DIALOGS: ReadonlySet<MenuName> = new Set<DialogName>(["cart-dialog", "checkout", "search"]);

// The big dialogs (the checkout form with its schema and the states table, the cart, search) are
// chunks of their own: fetched while the browser is idle after the header shows, mounted the
// first time they open, so the header itself arrives sooner.
const loadCartDialog = () => import("../../features/cart/components/cart-dialog");
const loadCheckoutDialog = () => import("../../features/orders/components/checkout-dialog");
const loadSearchDialog = () => import("../../features/search/components/site-search-dialog");
const CartDialog = lazy(() => loadCartDialog().then((m) => ({ default: m.CartDialog })));
const CheckoutDialog = lazy(() => loadCheckoutDialog().then((m) => ({ default: m.CheckoutDialog })));
const SiteSearchDialog = lazy(() => loadSearchDialog().then((m) => ({ default: m.SiteSearchDialog })));
// Only accounts whose address is not confirmed yet download the reminder (decision 0020).
const VerifyBanner = lazy(() => import("../../features/account/components/verify-banner").then((m) => ({ default: m.VerifyBanner })));
function prefetchDialogs() {
  void loadCartDialog();
  void loadCheckoutDialog();
  void loadSearchDialog();
}


/** The banner's 'Resend' (decision 0020); the request lives here, where lib/api is loaded already. */
function resendVerification() {
  return api<{ message: string }>("/api/me/verification-email", { method: "POST", body: {} });
}

/** The radio player's heart (issue 34): the track playing among the member's favorites, with the stories' notices. */
function useTrackLikes(): TrackLikes {
  const { isFavorite, setFavorite } = useFavorites();
  return useMemo(
    () => ({
      isLiked: (id) => isFavorite("track", id),
      toggle(track, tell) {
        const liked = !isFavorite("track", track.id);
        tell(liked ? FAVORITE_MESSAGES.added(track.title) : FAVORITE_MESSAGES.removed(track.title));
        setFavorite("track", track.id, liked).catch((error: unknown) => {
          logFailure("Could not save the favorite", error);
          tell(failureMessage(error, FAVORITE_MESSAGES.saveFailed), "error");
        });
      },
    }),
    [isFavorite, setFavorite],
  );
}

function badgeText(n: number): string {
  return n > 99 ? "99+" : String(n);
}

interface IconButtonProps {
  label: string;
  expanded: boolean;
  controls: string;
  /** For buttons that open a role="menu" or a dialog; the favorites and cart panels are disclosures. */
  popup?: "menu" | "dialog";
  badge?: number;
  className?: string;
  onClick: (event: MouseEvent<HTMLButtonElement>) => void;
  children: ReactNode;
}

function HeaderIconButton({ label, expanded, controls, popup, badge, className, onClick, children }: IconButtonProps) {
  return (
    <button
      type="button"
      {...{ [TRIGGER_ATTRIBUTE]: "" }}
      aria-label={label}
      aria-expanded={expanded}
      aria-controls={controls}
      aria-haspopup={popup}
      onClick={onClick}
      className={clsx(
        "relative inline-flex size-11 shrink-0 items-center justify-center rounded-md border-[3px] border-ink shadow-hard-sm",
        "transition-[transform,box-shadow,background-color] duration-100 hover:-translate-y-px hover:shadow-hard",
        "active:translate-x-0.5 active:translate-y-0.5 active:shadow-none",
        expanded ? "bg-yellow" : "bg-white hover:bg-yellow-soft",
        className,
      )}
    >
      {children}
      {badge !== undefined && badge > 0 && (
        <span
          aria-hidden="true"
          className="absolute -top-2.5 -right-2.5 flex h-6 min-w-6 items-center justify-center rounded-full border-2 border-ink bg-pink px-1 text-xs leading-none font-black text-ink"
        >
          {badgeText(badge)}
        </span>
      )}
    </button>
  );
}

export function SignedInHeader({ profile }: { profile: Profile }) {
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const baseId = useId();
  const panelId = (name: MenuName) => `${baseId}-${name}`;

  const [state, setState] = useState<{ name: MenuName; path: string } | null>(null);
  const open = state && state.path === pathname ? state.name : null;
  const dropdownOpen = open !== null && !DIALOGS.has(open);
  // Dialogs opened at least once stay mounted (their state and closing animation work as before).
  const [mounted, setMounted] = useState<ReadonlySet<MenuName>>(() => new Set());
  if (open && DIALOGS.has(open) && !mounted.has(open)) setMounted(new Set(mounted).add(open));
  useEffect(() => whenIdle(prefetchDialogs), []);

  const panelRef = useRef<HTMLDivElement>(null);
  /** The header button focus goes back to when the open menu closes. */
  const returnFocusRef = useRef<HTMLElement | null>(null);

  const favoritesCount = useFavorites().count;
  const trackLikes = useTrackLikes();
  const cart = useCart();
  const cartCount = cart.count;
  const bouncing = useCartBounce(cartCount > 0);
  const signOut = useSignOut();
  const showIcons = pathname !== paths.landing;
  const name = displayName(profile);

  const close = useCallback((restoreFocus: boolean) => {
    setState(null);
    const trigger = returnFocusRef.current;
    if (restoreFocus && trigger?.isConnected && trigger.checkVisibility()) trigger.focus();
  }, []);
  const closeAndFocusTrigger = useCallback(() => close(true), [close]);
  const closeInPlace = useCallback(() => close(false), [close]);

  useDismiss({ open: dropdownOpen, panelRef, onEscape: closeAndFocusTrigger, onOutside: closeInPlace });

  // Focus moves into a menu as it opens.
  useEffect(() => {
    if (open && !DIALOGS.has(open)) focusFirstIn(panelRef.current);
  }, [open]);

  /** A header button: opens its menu (closing any other) or closes it when already open. */
  function toggle(name: MenuName, event: MouseEvent<HTMLButtonElement>) {
    if (open === name) {
      close(true);
      return;
    }
    returnFocusRef.current = event.currentTarget;
    setState({ name, path: pathname });
  }

  /** From inside a menu: show another one; focus still returns to the original button. */
  function switchTo(name: MenuName) {
    setState({ name, path: pathname });
  }

  async function handleSignOut() {
    setState(null);
    try {
      await signOut.mutateAsync();
    } catch {
      // Logged by the hook (spec §8); we leave the signed-in pages either way.
    }
    await navigate(paths.landing);
  }

  return (
    <>
      <header className={HEADER}>
        <div className={HEADER_ROW}>
          <Link to={paths.home} className={WORDMARK}>
            MAYBE
          </Link>

          <nav aria-label="Main" className="hidden md:block">
            <ul className="flex items-center gap-1">
              {mainNav.map((link) => (
                <li key={link.to}>
                  <NavLink
                    to={link.to}
                    end
                    className={clsx(
                      "rounded-md border-[3px] border-transparent px-1.5 py-1.5 text-sm font-black tracking-wide uppercase lg:px-3",
                      "hover:border-ink hover:bg-white aria-[current=page]:border-ink aria-[current=page]:bg-yellow aria-[current=page]:shadow-hard-sm",
                    )}
                  >
                    {link.label}
                  </NavLink>
                </li>
              ))}
            </ul>
          </nav>

          <div className="ml-auto flex items-center gap-2 lg:gap-3">
            {/* The two signed-in controls of DECISIONS.md 8: site search and the radio. */}
            <HeaderIconButton
              label="Search stories, creators and the store"
              popup="dialog"
              expanded={open === "search"}
              controls={panelId("search")}
              onClick={(e) => toggle("search", e)}
            >
              <Search aria-hidden="true" className="size-5" strokeWidth={2.75} />
            </HeaderIconButton>
            <div data-slot="radio" className="flex items-center">
              <RadioControl memberId={profile.uid} likes={trackLikes} />
            </div>

            {showIcons && (
              <div className="hidden items-center gap-2 md:flex lg:gap-3">
                <HeaderIconButton
                  label={`Open favorites, ${plural(favoritesCount, "item", "items")}`}
                  expanded={open === "favorites"}
                  controls={panelId("favorites")}
                  badge={favoritesCount}
                  onClick={(e) => toggle("favorites", e)}
                >
                  <Heart aria-hidden="true" className="size-5" strokeWidth={2.75} />
                </HeaderIconButton>
                <HeaderIconButton
                  label={`Open cart, ${plural(cartCount, "item", "items")}`}
                  expanded={open === "cart"}
                  controls={panelId("cart")}
                  badge={cartCount}
                  onClick={(e) => toggle("cart", e)}
                  className={clsx(bouncing && "animate-cart-bounce")}
                >
                  <ShoppingCart aria-hidden="true" className="size-5" strokeWidth={2.75} />
                </HeaderIconButton>
                <HeaderIconButton
                  label="Open profile menu"
                  popup="menu"
                  expanded={open === "profile"}
                  controls={panelId("profile")}
                  onClick={(e) => toggle("profile", e)}
                >
                  <CircleUserRound aria-hidden="true" className="size-6" strokeWidth={2.5} />
                </HeaderIconButton>
              </div>
            )}

            <HeaderIconButton
              label="Open menu"
              popup="menu"
              expanded={open === "mobile"}
              controls={panelId("mobile")}
              onClick={(e) => toggle("mobile", e)}
              className="md:hidden"
            >
              {open === "mobile" ? (
                <X aria-hidden="true" className="size-6" strokeWidth={3} />
              ) : (
                <MenuIcon aria-hidden="true" className="size-6" strokeWidth={3} />
              )}
            </HeaderIconButton>
          </div>

          {open === "favorites" && (
            <FavoritesPanel id={panelId("favorites")} ref={panelRef} onFocusLeave={closeInPlace} onNavigate={closeInPlace} />
          )}
          {open === "cart" && (
            <CartPanel
              id={panelId("cart")} ref={panelRef} onFocusLeave={closeInPlace}
              onViewCart={() => switchTo("cart-dialog")}
              onCheckout={() => switchTo("checkout")}
            />
          )}
          {open === "profile" && (
            <ProfilePanel
              id={panelId("profile")} ref={panelRef} onFocusLeave={closeInPlace}
              name={name}
              email={profile.email}
              onSignOut={handleSignOut}
              onNavigate={closeInPlace}
              creator={profile.creator}
              // Not isStaff() from common/roles: that module would be a chunk of its own on every page.
              staff={profile.role !== "member"}
            />
          )}
          {open === "mobile" && (
            <MobileMenuPanel
              id={panelId("mobile")} ref={panelRef} onFocusLeave={closeInPlace}
              name={name}
              email={profile.email}
              favoritesCount={favoritesCount}
              cartCount={cartCount}
              onFavorites={() => switchTo("favorites")}
              onCart={() => switchTo("cart")}
              onSignOut={handleSignOut}
              onNavigate={closeInPlace}
              creator={profile.creator}
              staff={profile.role !== "member"}
            />
          )}
        </div>
      </header>
      {!profile.email_verified && (
        <Suspense fallback={null}>
          <VerifyBanner uid={profile.uid} resend={resendVerification} />
        </Suspense>
      )}
      {mounted.has("cart-dialog") && (
        <Suspense fallback={null}>
          <CartDialog
            open={open === "cart-dialog"}
            onClose={closeAndFocusTrigger}
            onCheckout={() => switchTo("checkout")}
            onContinueShopping={() => {
              setState(null);
              void navigate(paths.store);
            }}
          />
        </Suspense>
      )}
      {mounted.has("checkout") && (
        <Suspense fallback={null}>
          <CheckoutDialog
            open={open === "checkout"}
            onClose={closeAndFocusTrigger}
            uid={profile.uid}
            subscribed={profile.subscribed}
            cart={cart}
          />
        </Suspense>
      )}
      {mounted.has("search") && (
        <Suspense fallback={null}>
          <SiteSearchDialog
            id={panelId("search")}
            open={open === "search"}
            onClose={closeAndFocusTrigger}
            onNavigate={() => setState(null)}
            paths={{ stories: paths.stories, creators: paths.creators, store: paths.store }}
          />
        </Suspense>
      )}
    </>
  );
}

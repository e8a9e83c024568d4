/**
 * The site header (spec §2 Shell). Signed out or still unknown: only the centered wordmark.
 * Signed in: logo, main links, the radio slot and (except on /) favorites, cart and profile.
 * Below 768px the links and icons fold into one menu button.
 *
 * One piece of state says which menu is open, so opening one closes the others. It remembers the
 * path it was opened on, so any route change closes it without an effect.
 */
import { clsx } from "clsx";
import { CircleUserRound, Heart, Menu as MenuIcon, Search, ShoppingCart, X } from "lucide-react";
import { useCallback, useEffect, useId, useRef, useState, type MouseEvent, type ReactNode } from "react";
import { Link, NavLink, useLocation, useNavigate } from "react-router";
import { TRIGGER_ATTRIBUTE, focusFirstIn, useDismiss } from "../../components/ui/dropdown";
import { mainNav, paths } from "../../config/paths";
import { useCart } from "../../features/cart/cart-provider";
import { CartDialog } from "../../features/cart/components/cart-dialog";
import { useCartBounce } from "../../features/cart/hooks/use-cart-bounce";
import { useLikes } from "../../features/favorites/likes-provider";
import { SiteSearchDialog } from "../../features/search/components/site-search-dialog";
import type { Profile } from "../../features/auth/api/get-me";
import { useSignOut } from "../../features/auth/api/sign-out";
import { CheckoutDialog } from "../../features/orders/components/checkout-dialog";
import { displayName, useSession } from "../../features/auth/hooks/use-session";
import { CartPanel, FavoritesPanel, MobileMenuPanel, ProfilePanel, SettingsDialog } from "./header-panels";

type MenuName = "favorites" | "cart" | "profile" | "mobile" | DialogName;
/** The modal dialogs the header opens; one at a time, like the menus. */
type DialogName = "settings" | "cart-dialog" | "checkout" | "search";
const DIALOGS: ReadonlySet<MenuName> = new Set<DialogName>(["settings", "cart-dialog", "checkout", "search"]);

const HEADER = "sticky top-0 z-30 border-b-[3px] border-ink bg-paper/95 backdrop-blur-sm";
const WORDMARK = "font-heavy rounded-sm text-[2rem] leading-none tracking-[-0.05em] sm:text-4xl";

export function Header() {
  const session = useSession();
  if (session.status !== "signed-in") {
    return (
      <header className={HEADER}>
        <div className="mx-auto flex h-16 max-w-6xl items-center justify-center px-4">
          <Link to={paths.landing} className={WORDMARK}>
            MAYBE
          </Link>
        </div>
      </header>
    );
  }
  return <SignedInHeader profile={session.profile} />;
}

function badgeText(n: number): string {
  return n > 99 ? "99+" : String(n);
}

function itemsLabel(n: number): string {
  return `${n} ${n === 1 ? "item" : "items"}`;
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

function SignedInHeader({ profile }: { profile: Profile }) {
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const baseId = useId();
  const panelId = (name: MenuName) => `${baseId}-${name}`;

  const [state, setState] = useState<{ name: MenuName; path: string } | null>(null);
  const open = state && state.path === pathname ? state.name : null;
  const dropdownOpen = open !== null && !DIALOGS.has(open);

  const panelRef = useRef<HTMLDivElement>(null);
  /** The header button focus goes back to when the open menu closes. */
  const returnFocusRef = useRef<HTMLElement | null>(null);

  const favoritesCount = useLikes().count;
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
        <div className="relative mx-auto flex h-16 max-w-6xl items-center gap-3 px-4 sm:px-6 md:gap-6">
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
                      "rounded-md border-[3px] border-transparent px-2.5 py-1.5 text-sm font-black tracking-wide uppercase lg:px-3",
                      "hover:border-ink hover:bg-white aria-[current=page]:border-ink aria-[current=page]:bg-yellow aria-[current=page]:shadow-hard-sm",
                    )}
                  >
                    {link.label}
                  </NavLink>
                </li>
              ))}
            </ul>
          </nav>

          <div className="ml-auto flex items-center gap-3">
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
            <div data-slot="radio" className="flex items-center" />

            {showIcons && (
              <div className="hidden items-center gap-3 md:flex">
                <HeaderIconButton
                  label={`Open favorites, ${itemsLabel(favoritesCount)}`}
                  expanded={open === "favorites"}
                  controls={panelId("favorites")}
                  badge={favoritesCount}
                  onClick={(e) => toggle("favorites", e)}
                >
                  <Heart aria-hidden="true" className="size-5" strokeWidth={2.75} />
                </HeaderIconButton>
                <HeaderIconButton
                  label={`Open cart, ${itemsLabel(cartCount)}`}
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
              onSettings={() => switchTo("settings")}
              onSignOut={handleSignOut}
              onNavigate={closeInPlace}
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
              onSettings={() => switchTo("settings")}
              onSignOut={handleSignOut}
              onNavigate={closeInPlace}
            />
          )}
        </div>
      </header>
      <SettingsDialog open={open === "settings"} onClose={closeAndFocusTrigger} />
      <CartDialog
        open={open === "cart-dialog"}
        onClose={closeAndFocusTrigger}
        onCheckout={() => switchTo("checkout")}
        onContinueShopping={() => {
          setState(null);
          void navigate(paths.store);
        }}
      />
      <CheckoutDialog
        open={open === "checkout"}
        onClose={closeAndFocusTrigger}
        uid={profile.uid}
        subscribed={profile.subscribed}
        cart={cart}
      />
      <SiteSearchDialog
        id={panelId("search")}
        open={open === "search"}
        onClose={closeAndFocusTrigger}
        onNavigate={() => setState(null)}
        paths={{ stories: paths.stories, creators: paths.creators, store: paths.store }}
      />
    </>
  );
}

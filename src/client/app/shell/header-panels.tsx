/**
 * The contents of the header's dropdowns. The header owns which one is open; these render, and
 * the favorites and cart panels act through the app's likes and cart.
 */
import { Heart, LogOut, Package, Settings, ShoppingCart, X } from "lucide-react";
import type { Ref } from "react";
import { Link } from "react-router";
import { formatCents } from "../../../common/money";
import { useAnnounce } from "../../components/ui/announcer";
import { Button } from "../../components/ui/button";
import { Dialog } from "../../components/ui/dialog";
import { DropdownPanel, Menu, MenuItem, MenuLink, MenuSeparator } from "../../components/ui/dropdown";
import { mainNav, paths } from "../../config/paths";
import { useCart } from "../../features/cart/cart-provider";
import { CartLineImage } from "../../features/cart/components/cart-line-image";
import { useFavoriteItems } from "../../features/favorites/api/get-favorite-items";
import { LIKE_MESSAGES, toEntries, type FavoriteEntry } from "../../features/favorites/lib/favorite-entries";
import { useLikes } from "../../features/favorites/likes-provider";

function plural(n: number, one: string, many: string): string {
  return `${n} ${n === 1 ? one : many}`;
}

interface PanelBase {
  id: string;
  ref: Ref<HTMLDivElement>;
  onFocusLeave: () => void;
}

interface Navigates {
  /** A link inside the panel was followed. */
  onNavigate: () => void;
}

function PanelHeading({ title, detail }: { title: string; detail?: string }) {
  return (
    <div className="flex items-baseline justify-between gap-3 border-b-[3px] border-ink bg-yellow px-4 py-3">
      <p className="font-heavy text-lg">{title}</p>
      {detail && <p className="text-sm font-bold">{detail}</p>}
    </div>
  );
}

function EmptyState({ icon: Icon, text }: { icon: typeof Heart; text: string }) {
  return (
    <div className="flex flex-col items-center gap-2 px-4 py-8 text-center">
      <Icon aria-hidden="true" className="size-8 text-muted" strokeWidth={2.5} />
      <p className="font-bold">{text}</p>
    </div>
  );
}

const NO_ITEMS = { stories: [], creators: [], products: [] };
const SECTIONS = [
  { key: "stories", label: "Stories" },
  { key: "creators", label: "Creators" },
  { key: "products", label: "Store" },
] as const;

function FavoriteRow({ entry, onNavigate, onRemove }: { entry: FavoriteEntry; onNavigate: () => void; onRemove: () => void }) {
  return (
    <li className="flex items-center gap-2 py-2">
      <Link to={entry.href} onClick={onNavigate} className="group min-w-0 flex-1 rounded-sm">
        <p className="truncate font-bold group-hover:underline">{entry.name}</p>
        <p className="truncate text-sm text-muted">{entry.subtext}</p>
      </Link>
      <button
        type="button"
        onClick={onRemove}
        aria-label={`Remove ${entry.name} from favorites`}
        className="inline-flex size-9 shrink-0 items-center justify-center rounded-md border-2 border-ink bg-white hover:bg-pink-soft"
      >
        <X aria-hidden="true" className="size-4" strokeWidth={3} />
      </button>
    </li>
  );
}

/** Spec §2 Favorites dropdown: 'N items saved', then the liked items by kind, each removable. */
export function FavoritesPanel({ onNavigate, ...panel }: PanelBase & Navigates) {
  const likes = useLikes();
  const items = useFavoriteItems(likes.ids);
  const announce = useAnnounce();
  const loading = likes.loading || (likes.count > 0 && items.isPending);
  const sections = toEntries(items.data ?? NO_ITEMS, paths);

  function remove(entry: FavoriteEntry) {
    // The row goes away: focus stays in the panel so it does not close under the keyboard.
    document.getElementById(panel.id)?.focus();
    announce(LIKE_MESSAGES.removed(entry.name));
    likes.setLiked(entry.kind, entry.id, false).catch((error: unknown) => {
      console.error("favorite removal failed", error);
      announce(LIKE_MESSAGES.saveFailed, "error");
    });
  }

  return (
    <DropdownPanel label="Favorites" className="w-88" {...panel}>
      <PanelHeading title={plural(likes.count, "item saved", "items saved")} />
      {loading ? (
        <p className="px-4 py-8 text-center font-bold" role="status">
          Loading...
        </p>
      ) : likes.count === 0 ? (
        <EmptyState icon={Heart} text="No favorites yet" />
      ) : (
        <div className="flex max-h-[min(28rem,70dvh)] flex-col gap-3 overflow-y-auto p-4">
          {SECTIONS.map(({ key, label }) => {
            const entries = sections[key];
            if (entries.length === 0) return null;
            return (
              <section key={key} aria-label={label}>
                <h3 className="flex items-center justify-between border-b-2 border-ink pb-1 text-sm font-black tracking-wide uppercase">
                  {label}
                  <span className="rounded-full bg-pink-soft px-2 text-xs">{entries.length}</span>
                </h3>
                <ul className="divide-y divide-ink/15">
                  {entries.map((entry) => (
                    <FavoriteRow key={entry.id} entry={entry} onNavigate={onNavigate} onRemove={() => remove(entry)} />
                  ))}
                </ul>
              </section>
            );
          })}
          <Link to={paths.likes} onClick={onNavigate} className="link-ink self-start">
            See all favorites
          </Link>
        </div>
      )}
    </DropdownPanel>
  );
}

/** Spec §2 Cart dropdown: 'Your Cart' with the count, the lines, and the way on to the cart and checkout. */
export function CartPanel({ onViewCart, onCheckout, ...panel }: PanelBase & { onViewCart: () => void; onCheckout: () => void }) {
  const cart = useCart();
  return (
    <DropdownPanel label="Cart" {...panel}>
      <PanelHeading title="Your Cart" detail={plural(cart.count, "item", "items")} />
      {cart.loading ? (
        <p className="px-4 py-8 text-center font-bold" role="status">
          Loading...
        </p>
      ) : cart.items.length === 0 ? (
        <EmptyState icon={ShoppingCart} text="Your cart is empty" />
      ) : (
        <>
          <ul className="flex max-h-80 flex-col divide-y-2 divide-ink/15 overflow-y-auto p-2">
            {cart.items.map((item) => (
              <li key={item.id} className="flex items-center gap-3 px-2 py-2.5">
                <CartLineImage src={item.image_url} />
                <div className="min-w-0 flex-1">
                  <p className="truncate font-bold">{item.name}</p>
                  <p className="text-sm text-muted capitalize">
                    {item.category}
                    {item.quantity > 1 && ` · × ${item.quantity}`}
                  </p>
                </div>
                <p className="font-bold">{formatCents(item.price_cents * item.quantity)}</p>
              </li>
            ))}
          </ul>
          <div className="flex flex-col gap-2 border-t-[3px] border-ink p-4">
            <p className="flex justify-between font-bold">
              <span>Subtotal</span>
              <span>{formatCents(cart.subtotal_cents)}</span>
            </p>
            <Button block variant="secondary" onClick={onViewCart}>
              View Cart
            </Button>
            <Button block onClick={onCheckout}>
              Continue to Checkout
            </Button>
          </div>
        </>
      )}
    </DropdownPanel>
  );
}

interface AccountProps {
  name: string;
  email: string;
}

function AccountSummary({ name, email }: AccountProps) {
  return (
    <div className="border-b-[3px] border-ink bg-teal-soft px-4 py-3">
      <p className="font-heavy truncate text-lg normal-case" title={name}>
        {name}
      </p>
      <p className="truncate text-sm text-muted">{email || "No email"}</p>
    </div>
  );
}

interface MenuActions extends Navigates {
  onSettings: () => void;
  onSignOut: () => void;
}

/** Orders, Settings and Sign Out, the same in the profile menu and the mobile menu. */
function AccountMenuItems({ onSettings, onSignOut, onNavigate }: MenuActions) {
  return (
    <>
      <MenuLink to={paths.orders} onClick={onNavigate}>
        <Package aria-hidden="true" className="size-5" />
        Orders
      </MenuLink>
      <MenuItem onClick={onSettings}>
        <Settings aria-hidden="true" className="size-5" />
        Settings
      </MenuItem>
      <MenuItem onClick={onSignOut}>
        <LogOut aria-hidden="true" className="size-5" />
        Sign Out
      </MenuItem>
    </>
  );
}

export function ProfilePanel({ name, email, onSettings, onSignOut, onNavigate, ...panel }: PanelBase & AccountProps & MenuActions) {
  return (
    <DropdownPanel label="Profile" className="w-72" {...panel}>
      <AccountSummary name={name} email={email} />
      <Menu label="Profile">
        <AccountMenuItems onSettings={onSettings} onSignOut={onSignOut} onNavigate={onNavigate} />
      </Menu>
    </DropdownPanel>
  );
}

export function MobileMenuPanel({
  name,
  email,
  favoritesCount,
  cartCount,
  onFavorites,
  onCart,
  onSettings,
  onSignOut,
  onNavigate,
  ...panel
}: PanelBase &
  Navigates &
  AccountProps &
  MenuActions & { favoritesCount: number; cartCount: number; onFavorites: () => void; onCart: () => void }) {
  return (
    <DropdownPanel label="Menu" className="md:hidden" {...panel}>
      <AccountSummary name={name} email={email} />
      <Menu label="Menu">
        {mainNav.map((link) => (
          <MenuLink key={link.to} to={link.to} onClick={onNavigate}>
            {link.label}
          </MenuLink>
        ))}
        <MenuSeparator />
        <MenuItem onClick={onFavorites}>
          <Heart aria-hidden="true" className="size-5" />
          Favorites ({favoritesCount})
        </MenuItem>
        <MenuItem onClick={onCart}>
          <ShoppingCart aria-hidden="true" className="size-5" />
          Cart ({cartCount})
        </MenuItem>
        <MenuSeparator />
        <AccountMenuItems onSettings={onSettings} onSignOut={onSignOut} onNavigate={onNavigate} />
      </Menu>
    </DropdownPanel>
  );
}

export function SettingsDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  return (
    <Dialog open={open} onClose={onClose} title="Settings">
      <p className="text-base">
        Profile customization is coming soon. You will be able to change your name, photo and more right
        here.
      </p>
    </Dialog>
  );
}

/**
 * The contents of the header's dropdowns. The header owns which one is open; these only render.
 * Favorites and cart show counts for now; their full lists come with the store and likes issues.
 */
import { Heart, LogOut, Settings, ShoppingCart } from "lucide-react";
import type { Ref } from "react";
import { Link } from "react-router";
import { formatCents } from "../../../common/money";
import { Dialog } from "../../components/ui/dialog";
import { DropdownPanel, Menu, MenuItem, MenuLink, MenuSeparator } from "../../components/ui/dropdown";
import { mainNav, paths } from "../../config/paths";
import type { Cart } from "../../features/cart/api/get-cart";
import type { Favorites } from "../../features/favorites/api/get-favorites";

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

export function FavoritesPanel({
  favorites,
  loading,
  count,
  onNavigate,
  ...panel
}: PanelBase & Navigates & { favorites: Favorites | undefined; loading: boolean; count: number }) {
  const sections = [
    { label: "Stories", n: favorites?.stories.length ?? 0 },
    { label: "Creators", n: favorites?.creators.length ?? 0 },
    { label: "Store", n: favorites?.products.length ?? 0 },
  ];
  return (
    <DropdownPanel label="Favorites" {...panel}>
      <PanelHeading title={plural(count, "item saved", "items saved")} />
      {loading ? (
        <p className="px-4 py-8 text-center font-bold" role="status">
          Loading...
        </p>
      ) : count === 0 ? (
        <EmptyState icon={Heart} text="No favorites yet" />
      ) : (
        <div className="flex flex-col gap-3 p-4">
          <ul className="flex flex-col gap-2">
            {sections.map((s) => (
              <li
                key={s.label}
                className="flex items-center justify-between rounded-md border-2 border-ink bg-white px-3 py-2 font-bold"
              >
                <span>{s.label}</span>
                <span className="rounded-full bg-pink-soft px-2.5 text-sm">{s.n}</span>
              </li>
            ))}
          </ul>
          <Link to={paths.likes} onClick={onNavigate} className="link-ink self-start">
            See all favorites
          </Link>
        </div>
      )}
    </DropdownPanel>
  );
}

export function CartPanel({
  cart,
  loading,
  count,
  ...panel
}: PanelBase & { cart: Cart | undefined; loading: boolean; count: number }) {
  const items = cart?.items ?? [];
  return (
    <DropdownPanel label="Cart" {...panel}>
      <PanelHeading title="Your Cart" detail={plural(count, "item", "items")} />
      {loading ? (
        <p className="px-4 py-8 text-center font-bold" role="status">
          Loading...
        </p>
      ) : items.length === 0 ? (
        <EmptyState icon={ShoppingCart} text="Your cart is empty" />
      ) : (
        <ul className="flex max-h-80 flex-col divide-y-2 divide-ink/15 overflow-y-auto p-2">
          {items.map((item) => (
            <li key={item.id} className="flex items-center gap-3 px-2 py-2.5">
              {item.image_url ? (
                <img
                  src={item.image_url}
                  alt=""
                  className="size-12 shrink-0 rounded-md border-2 border-ink bg-white object-cover"
                />
              ) : (
                <span
                  aria-hidden="true"
                  className="font-heavy flex size-12 shrink-0 items-center justify-center rounded-md border-2 border-ink bg-pink text-[0.6rem]"
                >
                  MAYBE
                </span>
              )}
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

interface MenuActions {
  onSettings: () => void;
  onSignOut: () => void;
}

/** Settings and Sign Out, the same in the profile menu and the mobile menu. */
function AccountMenuItems({ onSettings, onSignOut }: MenuActions) {
  return (
    <>
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

export function ProfilePanel({ name, email, onSettings, onSignOut, ...panel }: PanelBase & AccountProps & MenuActions) {
  return (
    <DropdownPanel label="Profile" className="w-72" {...panel}>
      <AccountSummary name={name} email={email} />
      <Menu label="Profile">
        <AccountMenuItems onSettings={onSettings} onSignOut={onSignOut} />
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
        <AccountMenuItems onSettings={onSettings} onSignOut={onSignOut} />
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

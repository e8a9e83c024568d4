/**
 * The header's menu below 768px (spec §2 Shell): the main links, Favorites and Cart with their
 * counts (each opens its own panel), then the account's items.
 */
import { Heart, ShoppingCart } from "lucide-react";
import { DropdownPanel, Menu, MenuItem, MenuLink, MenuSeparator } from "../../components/ui/dropdown";
import type { PanelBase } from "../../components/ui/dropdown-panel-parts";
import { mainNav } from "../../config/paths";
import {
  AccountMenuItems,
  AccountSummary,
  type AccountMenuActions,
  type AccountProps,
} from "../../features/auth/components/account-menu";

interface MobileMenuProps extends PanelBase, AccountProps, AccountMenuActions {
  favoritesCount: number;
  cartCount: number;
  onFavorites: () => void;
  onCart: () => void;
}

export function MobileMenuPanel({
  name,
  email,
  favoritesCount,
  cartCount,
  onFavorites,
  onCart,
  onSignOut,
  onNavigate,
  creator,
  staff,
  ...panel
}: MobileMenuProps) {
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
        <AccountMenuItems onSignOut={onSignOut} onNavigate={onNavigate} creator={creator} staff={staff} />
      </Menu>
    </DropdownPanel>
  );
}

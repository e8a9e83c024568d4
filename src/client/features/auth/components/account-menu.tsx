/**
 * The account's part of the header menus (spec §2 Profile dropdown): who is signed in, then
 * Studio (creators only), Back Office (curators and admins), Orders, Settings (the /settings page,
 * decision 0020) and Sign Out. The profile panel and the shell's mobile
 * menu both show them.
 */
import { LogOut, Package, PenLine, Settings } from "lucide-react";
import { MenuItem, MenuLink } from "../../../components/ui/dropdown";
import type { PanelNavigates } from "../../../components/ui/dropdown-panel-parts";
import { paths } from "../../../config/paths";

export interface AccountProps {
  /** The display name, already cut to length (displayName). */
  name: string;
  email: string;
}

export interface AccountMenuActions extends PanelNavigates {
  onSignOut: () => void;
  /** A creator's menu leads to their studio. */
  creator: boolean;
  /** A curator's or admin's menu leads to the back office. */
  staff: boolean;
}

export function AccountSummary({ name, email }: AccountProps) {
  return (
    <div className="border-b-[3px] border-ink bg-teal-soft px-4 py-3">
      <p className="font-heavy truncate text-lg normal-case" title={name}>
        {name}
      </p>
      <p className="truncate text-sm text-muted">{email || "No email"}</p>
    </div>
  );
}

/** Studio, Orders, Settings and Sign Out, the same in the profile menu and the mobile menu. */
export function AccountMenuItems({ onSignOut, onNavigate, creator, staff }: AccountMenuActions) {
  return (
    <>
      {creator && (
        <MenuLink to={paths.studio} end={false} onClick={onNavigate}>
          <PenLine aria-hidden="true" className="size-5" />
          Studio
        </MenuLink>
      )}
      {staff && (
        <MenuLink to={paths.admin} end={false} onClick={onNavigate}>
          <Settings aria-hidden="true" className="size-5" />
          Back Office
        </MenuLink>
      )}
      <MenuLink to={paths.orders} onClick={onNavigate}>
        <Package aria-hidden="true" className="size-5" />
        Orders
      </MenuLink>
      <MenuLink to={paths.settings} onClick={onNavigate}>
        <Settings aria-hidden="true" className="size-5" />
        Settings
      </MenuLink>
      <MenuItem onClick={onSignOut}>
        <LogOut aria-hidden="true" className="size-5" />
        Sign Out
      </MenuItem>
    </>
  );
}

/** The header's profile dropdown (spec §2): the account summary and its menu. The shell opens it. */
import { DropdownPanel, Menu } from "../../../components/ui/dropdown";
import type { PanelBase } from "../../../components/ui/dropdown-panel-parts";
import { AccountMenuItems, AccountSummary, type AccountMenuActions, type AccountProps } from "./account-menu";

export function ProfilePanel({ name, email, onSignOut, onNavigate, creator, staff, ...panel }: PanelBase & AccountProps & AccountMenuActions) {
  return (
    <DropdownPanel label="Profile" className="w-72" {...panel}>
      <AccountSummary name={name} email={email} />
      <Menu label="Profile">
        <AccountMenuItems onSignOut={onSignOut} onNavigate={onNavigate} creator={creator} staff={staff} />
      </Menu>
    </DropdownPanel>
  );
}

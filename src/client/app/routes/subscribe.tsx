import { SubscribePage } from "../../features/auth/components/subscribe-page";
import { GuestOnly } from "./guest-only";

export function SubscribeRoute() {
  return (
    <GuestOnly>
      <SubscribePage />
    </GuestOnly>
  );
}

import { JoinArtistPage } from "../../features/auth/components/join-artist-page";
import { GuestOnly } from "./guest-only";

export function JoinRoute() {
  return (
    <GuestOnly>
      <JoinArtistPage />
    </GuestOnly>
  );
}

export { JoinArtistPage as JoinRoute } from "../../features/auth/components/join-artist-page";

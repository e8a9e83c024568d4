/** The back office's people section (to be built). */
export function PeoplePage(_props: { uid: string }) {
  return null;
}

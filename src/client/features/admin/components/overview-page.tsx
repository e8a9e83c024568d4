/** The back office's overview section (to be built). */
export function OverviewPage(_props: { role: import("../../../../common/roles").Role }) {
  return null;
}

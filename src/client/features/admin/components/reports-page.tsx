/** The back office's reports section (to be built). */
export function ReportsPage() {
  return null;
}

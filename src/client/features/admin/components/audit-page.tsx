/** The back office's audit section (to be built). */
export function AuditPage() {
  return null;
}

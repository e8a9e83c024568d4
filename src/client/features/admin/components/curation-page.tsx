/** The back office's curation section (to be built). */
export function CurationPage() {
  return null;
}

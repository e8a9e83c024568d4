/** The back office's inventory section (to be built). */
export function InventoryPage() {
  return null;
}

import { QueryClientProvider, type QueryClient } from "@tanstack/react-query";
import { useState, type ReactNode } from "react";
import { AnnouncerProvider } from "../components/ui/announcer";
import { useSession } from "../features/auth/hooks/use-session";
import { CartProvider, type CartOwner } from "../features/cart/cart-provider";
import { FavoritesProvider } from "../features/favorites/favorites-provider";
import { RadioProvider } from "../features/radio/hooks/use-radio";
import { createQueryClient } from "../lib/query-client";

/** `client`: the query cache a server render filled (entry-server.tsx), or the one hydrated from it. */
export function AppProviders({ children, client }: { children: ReactNode; client?: QueryClient }) {
  const [queryClient] = useState(() => client ?? createQueryClient());
  return (
    <QueryClientProvider client={queryClient}>
      <AnnouncerProvider>
        <RadioProvider><AccountProviders>{children}</AccountProviders></RadioProvider>
      </AnnouncerProvider>
    </QueryClientProvider>
  );
}

/** The cart and favorites follow the session: the account's on the server, or the visitor's in the browser. */
function AccountProviders({ children }: { children: ReactNode }) {
  const session = useSession();
  const owner: CartOwner = session.status === "signed-in" ? { status: "signed-in", uid: session.profile.uid } : session;
  return (
    <CartProvider owner={owner}>
      <FavoritesProvider owner={owner}>{children}</FavoritesProvider>
    </CartProvider>
  );
}

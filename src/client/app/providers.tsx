import { QueryClientProvider } from "@tanstack/react-query";
import { useState, type ReactNode } from "react";
import { RadioProvider } from "../features/radio/hooks/use-radio";
import { createQueryClient } from "../lib/query-client";

export function AppProviders({ children }: { children: ReactNode }) {
  const [queryClient] = useState(createQueryClient);
  return <QueryClientProvider client={queryClient}><RadioProvider>{children}</RadioProvider></QueryClientProvider>;
}

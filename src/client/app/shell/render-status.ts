import { createContext, useContext } from "react";

/**
 * What a server render learns while it renders (entry-server.tsx): the status its answer should
 * carry. The browser has no such context; there the hook does nothing.
 */
export interface RenderStatus {
  status: number;
}

export const RenderStatusContext = createContext<RenderStatus | null>(null);

/**
 * Marks the page being rendered on the server as not found, so it leaves with a 404 rather than a
 * 200. Written during render on purpose: a server render runs once per request, and the answer's
 * status is only known once the tree has chosen what to show (an unknown path, a missing story).
 */
export function useNotFoundStatus(): void {
  const render = useContext(RenderStatusContext);
  if (render) render.status = 404;
}

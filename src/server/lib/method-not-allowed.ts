/**
 * 405 for an API path that exists with other methods (`POST /api/health`), with the Allow header
 * RFC 9110 asks for; a path no route has stays a 404. Read from the app's own route table, so it
 * cannot drift from the routes.
 */
interface RouteEntry {
  method: string;
  path: string;
}

/**
 * From the app's route table (`app.routes`, complete once every route is registered), a function
 * giving the methods a path is served with, or [] when no API route has that path.
 * `:param` matches one path segment.
 */
export function methodIndex(routes: RouteEntry[]): (path: string) => string[] {
  const byPath = new Map<string, Set<string>>();
  for (const { method, path } of routes) {
    if (method === "ALL" || !path.startsWith("/api/") || path.includes("*")) continue;
    const methods = byPath.get(path) ?? new Set<string>();
    methods.add(method);
    if (method === "GET") methods.add("HEAD");
    byPath.set(path, methods);
  }
  const table = [...byPath].map(([path, methods]) => ({
    methods: [...methods],
    pattern: new RegExp(`^${path.replace(/[.+?^${}()|[\]\\]/g, "\\$&").replace(/:\w+/g, "[^/]+")}$`),
  }));
  return (path) => [...new Set(table.filter((r) => r.pattern.test(path)).flatMap((r) => r.methods))].sort();
}


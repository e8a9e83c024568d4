import { fileURLToPath } from "node:url";
import tailwindcss from "@tailwindcss/vite";
import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";
import { deferredApp } from "./src/build/deferred-app.js";
import { bundleBudgets, precompress, preloadFonts } from "./src/build/vite-plugins.js";

const backend = "http://localhost:3000";
/** Lazy pieces most routes render at once, counted in their budgets. */
const TRAIL = "/features/cursor-trail/components/cursor-trail.tsx";
const SIGNED_IN_HEADER = "/app/shell/signed-in-header.tsx";

/**
 * The SPA lives in src/client and is built to dist/client, which the Hono server serves. The
 * server-side renderer of the public pages (entry-server.tsx, docs/decisions/0022) is a second
 * build of the same sources, `vite build --ssr`, to dist/ssr: self-contained (its packages bundled
 * in), so a server installed without dev dependencies can load it.
 */
export default defineConfig(({ isSsrBuild }) => ({
  root: fileURLToPath(new URL("./src/client", import.meta.url)),
  publicDir: isSsrBuild ? false : "public",
  ssr: { noExternal: true },
  plugins: isSsrBuild ? [react()] : [
    react(),
    tailwindcss(),
    // docs/decisions/0013: gzipped JavaScript each route downloads before it can render.
    bundleBudgets({
      routesDir: "/src/client/app/routes/",
      routes: {
        // 130.5 KB since issue 31: the cart (in the entry) keeps each line's size, a visitor's saved
        // cart too (common/sizes.ts), about 0.3 KB on every route; 130.8 KB since issue 32: the
        // entry's route table names the newsletter confirmation page's chunk.
        landing: { limit: 130_800, alsoLoads: [TRAIL] },
        // Signed-out forms: no signed-in header; zod loads after render (lib/lazy-resolver.ts).
        // 150.5 KB since issue 32: the entry names the unsubscribe page's chunk, and the login page
        // sat at 150.0, where a chunk's new hash in the entry moves it a few bytes either way.
        login: { limit: 150_500, alsoLoads: [TRAIL] },
        subscribe: { limit: 150_000, alsoLoads: [TRAIL] },
        join: { limit: 150_000, alsoLoads: [TRAIL] },
        // The back office (docs/decisions/0019): a working tool for a few signed-in staff on a
        // desktop, not a page visitors land on, so it may carry its forms and tables up front.
        admin: { limit: 200_000, alsoLoads: [TRAIL, SIGNED_IN_HEADER] },
        // 150.5 KB since issue 20: its four routes (the entry names them) and the unconfirmed-address
        // banner's loader (in the signed-in header) cost about 0.1 KB, and /store, /creators and
        // /studio had 0.03 KB left; every page, form and banner itself loads in chunks of its own.
        // 151.5 KB since issue 21: hydrating a server-rendered page (the query cache's hydrate, the
        // route match, hydrateRoot) costs the entry about 0.7 KB, and those pages now paint from
        // their HTML before any of it runs (docs/decisions/0022).
        // 152 KB since the boot script (src/client/boot.ts, 0.5 KB) loads the app after a
        // server-rendered page has painted: the first paint no longer waits for any of this.
        // 152.5 KB since the boot script holds the input on a server-rendered page until the app
        // has hydrated it and then replays it (src/client/early-input.ts, 0.5 KB): taps and
        // typing before that were lost.
        // 153 KB since the other repairs of issue 29 reached the entry (a refusal logged quietly,
        // the return path after signing up, the signal that hydration is done), about 0.4 KB;
        // /account also shows the printable invoice.
        // 153.5 KB since issue 30: the router builds its routes from the page table (common/pages.ts,
        // each page's path, who gets it, its head and sitemap), which the server, the head and the
        // sitemap read too, about 0.3 KB more than the bare paths it replaces.
        // 154 KB since issue 31: the cart's sizes, as the landing's above.
        // 154.5 KB since issue 32: the unsubscribe page (a route the entry names, 0.1 KB on every
        // route), and /settings loads its Following section beside the page.
        default: { limit: 154_500, alsoLoads: [TRAIL, SIGNED_IN_HEADER] },
        // 0.5 KB more since issue 29: a shared product link shows the product itself above the gate
        // (its picture, name, creator, price and the way to subscribe and back), about 0.4 KB, for
        // visitors a server-rendered page that paints before any of it loads.
        // And the page table's 0.3 KB since issue 30, as every route.
        // 155 KB since issue 31: scheduled drops show their time on the badges, the modal and the
        // shared product, in the viewer's zone after the server's UTC (store/components/drop-time.tsx
        // and common/drops.ts), about 0.7 KB; the size picker (store/components/size-picker.tsx) and
        // the cart's sizes fit in the rest.
        // 155.5 KB since the drop's time became a shared component (components/ui/drop-time.tsx),
        // which the studio's shop shows too: it now comes in a chunk of its own.
        // 156 KB since a product shows its uploaded pictures: the cover as a <picture> with AVIF and
        // WebP and the modal's gallery (store/components/product-gallery.tsx), about 0.5 KB; the
        // ThumbHash decoder stays out (components/media/responsive-picture.tsx).
        store: { limit: 156_000, alsoLoads: [TRAIL, SIGNED_IN_HEADER] },
        // 154.5 KB since issue 32: a creator's page has Follow / Following and the follower count
        // (creators/components/follow-button.tsx and its requests), about 0.8 KB.
        // 155 KB since the follows' requests are shared with Settings (a chunk of their own) and the
        // unsubscribe page's route, as every route.
        // 155.5 KB since a tap on Follow before the signed-in toggle has loaded is kept and carried
        // out when it has (follow-button.tsx), a few dozen bytes over.
        creator: { limit: 155_500, alsoLoads: [TRAIL, SIGNED_IN_HEADER] },
        // 157 KB since issue 33 (156.8 measured; the rest for the few bytes a chunk's new hash in
        // the entry moves it): a story's page shows its comments, rendered by the server with the
        // story, so their list hydrates with the page (features/comments/components/comments-section.tsx:
        // the list, its sort and paging, the inert text renderer, Like, Reply and Comment that keep
        // an early tap; TanStack's infinite query, 0.5 KB), about 5.4 KB. A member's part (their
        // likes, the forms, Edit, Delete, the author's Hide and switch) loads after, on its own,
        // for members only (member-comments.tsx, about 3 KB).
        story: { limit: 157_000, alsoLoads: [TRAIL, SIGNED_IN_HEADER] },
        // 154.5 KB since issue 31: the studio's frame has the Shop and Sales tabs.
        // 155 KB since issue 32: the unsubscribe page's route, as every route.
        // 155.2 KB since creators write to their followers: the section loads in a chunk of its own
        // (studio/components/follower-messages.tsx), and the list names it with the chunks it
        // preloads, about 0.4 KB.
        studio: { limit: 155_200, alsoLoads: [TRAIL, SIGNED_IN_HEADER] },
        // 155 KB since issue 32: every card has Follow (creators/components/follow-button.tsx, the
        // visitor's link and the count; a signed-in account's toggle loads after, on its own), about
        // 1 KB with the chunk it shares with the creator's and the story's pages; 155.3 KB since
        // issue 33: the entry's route table and the shared chunks (comment counts on story cards)
        // left it at 155.0, where a new chunk hash moves it a few bytes either way.
        creators: { limit: 155_300, alsoLoads: [TRAIL, SIGNED_IN_HEADER] },
      },
    }),
    preloadFonts(),
    // The app loads once a server-rendered page has painted, its largest libraries one task
    // each before it (src/client/boot.ts).
    deferredApp({
      html: new URL("./src/client/index.html", import.meta.url),
      boot: new URL("./src/client/boot.ts", import.meta.url),
      libraries: {
        "react-dom": /node_modules[\\/](react|react-dom|scheduler)[\\/]|[\\/]src[\\/]client[\\/]lib[\\/]run-react-dom\.ts$/,
        "react-router": /node_modules[\\/]react-router[\\/]/,
      },
    }),
    precompress(),
  ],
  build: isSsrBuild
    ? { outDir: "../../dist/ssr", emptyOutDir: true, ssr: "entry-server.tsx", sourcemap: true, rolldownOptions: { output: { entryFileNames: "[name].mjs", chunkFileNames: "chunks/[name]-[hash].mjs" } } }
    : { outDir: "../../dist/client", emptyOutDir: true },
  server: {
    port: 5173,
    proxy: {
      "/api": { target: backend, changeOrigin: false },
      "/media": { target: backend, changeOrigin: false },
    },
  },
}));

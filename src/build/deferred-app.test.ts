import { describe, expect, it } from "vitest";
import { deferApp } from "./deferred-app.js";

// The head Vite writes for the app: its entry, the chunks the entry imports, the stylesheet.
const BUILT = `<!doctype html>
<html lang="en">
  <head>
    <title>MAYBE</title>
    <script type="module" crossorigin src="/assets/index-A1.js"></script>
    <link rel="modulepreload" crossorigin href="/assets/react-B2.js">
    <link rel="modulepreload" crossorigin href="/assets/query-C3.js">
    <link rel="stylesheet" crossorigin href="/assets/index-D4.css">
  </head>
  <body><div id="root"></div></body>
</html>`;

describe("deferApp", () => {
  it("replaces the app's script and preloads with one boot script that names them", () => {
    const html = deferApp(BUILT, "/assets/boot-E5.js", ["/assets/react-B2.js"]);
    expect(html).toContain(
      '<script type="module" async crossorigin src="/assets/boot-E5.js" data-app="/assets/index-A1.js" data-preload="/assets/react-B2.js /assets/query-C3.js" data-first="/assets/react-B2.js"></script>',
    );
    expect(html).not.toContain("modulepreload");
    expect(html.match(/<script/g)).toHaveLength(1);
  });

  it("keeps the stylesheet render-blocking, in the head", () => {
    const html = deferApp(BUILT, "/assets/boot-E5.js", []);
    expect(html).toMatch(/<link rel="stylesheet" crossorigin href="\/assets\/index-D4.css">\s*<\/head>/);
  });

  it("fails the build when the app's script is missing, rather than ship a page without it", () => {
    expect(() => deferApp("<html><head></head><body></body></html>", "/assets/boot.js", [])).toThrow(/no module script/);
  });

  it("fails the build when a library to run first is not one the app imports", () => {
    expect(() => deferApp(BUILT, "/assets/boot-E5.js", ["/assets/elsewhere.js"])).toThrow(/not among the app's imports/);
  });
});

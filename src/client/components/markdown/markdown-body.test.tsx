// @vitest-environment jsdom
import { act, cleanup, render } from "@testing-library/react";
import { prerender } from "react-dom/static";
import { afterEach, describe, expect, it, vi } from "vitest";
import { RenderStatusContext } from "../../app/shell/render-status";
import { MarkdownBody } from "./markdown-body";
import * as renderer from "./markdown";

// Counts the renderer's renders; it still renders for real.
vi.mock("./markdown", async (original) => {
  const actual = await original<typeof import("./markdown")>();
  return { ...actual, Markdown: vi.fn(actual.Markdown) };
});
const Markdown = vi.mocked(renderer.Markdown);

const TEXT = "## Ink\n\nA [link](https://example.com/press) and <script>alert(1)</script> as text.";
const FALLBACK = <p role="status">Loading the story...</p>;

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  Markdown.mockClear();
});

/** The server's HTML of the body, as entry-server.tsx renders it (its context present). */
async function serverHtml(text: string): Promise<string> {
  const { prelude } = await prerender(
    <RenderStatusContext value={{ status: 200 }}>
      <MarkdownBody text={text} fallback={FALLBACK} />
    </RenderStatusContext>,
  );
  return new Response(prelude).text();
}

async function hydrated(text: string) {
  const container = document.createElement("div");
  container.innerHTML = await serverHtml(text);
  document.body.append(container);
  const heading = container.querySelector("h2");
  const errors: unknown[] = [];
  vi.spyOn(console, "error").mockImplementation((...args) => errors.push(args));
  Markdown.mockClear();
  const { rerender } = render(<MarkdownBody text={text} fallback={FALLBACK} />, {
    container,
    hydrate: true,
    onRecoverableError: (error) => errors.push(error),
  });
  // Lets anything hydration left pending (a lazy renderer, a retry) finish before the assertions.
  await act(async () => {});
  return { container, heading, errors, rerender };
}

describe("MarkdownBody", () => {
  it("renders the whole body on the server, with no Suspense markers around it", async () => {
    const html = await serverHtml(TEXT);
    expect(html).toMatch(/^<div class="markdown"><h2>Ink<\/h2>/);
    expect(html).not.toContain("<!--$");
    expect(html).not.toContain("<script");
    expect(html).toContain("&lt;script&gt;");
  });

  it("hydrating keeps the server's HTML without running the renderer, and warns of nothing", async () => {
    const html = await serverHtml(TEXT);
    const { container, heading, errors } = await hydrated(TEXT);
    expect(Markdown).not.toHaveBeenCalled();
    expect(container.innerHTML).toBe(html);
    expect(container.querySelector("h2")).toBe(heading);
    expect(container.querySelector("a")?.getAttribute("rel")).toBe("nofollow ugc noopener");
    expect(container.querySelector("script")).toBeNull();
    expect(errors).toEqual([]);
  });

  it("a text that changed after hydrating is rendered by the renderer", async () => {
    const { container, rerender } = await hydrated(TEXT);
    rerender(<MarkdownBody text={"## Revised\n\nNew words."} fallback={FALLBACK} />);
    await vi.waitFor(() => expect(container.querySelector("h2")?.textContent).toBe("Revised"));
    expect(Markdown).toHaveBeenCalled();
  });

  it("shows what follows the text with it, on the server, when hydrating and inside the app", async () => {
    const after = <p data-testid="after">Comments</p>;
    const { prelude } = await prerender(
      <RenderStatusContext value={{ status: 200 }}>
        <MarkdownBody text={TEXT} fallback={FALLBACK} after={after} />
      </RenderStatusContext>,
    );
    const html = await new Response(prelude).text();
    expect(html).toMatch(/<\/div><p data-testid="after">Comments<\/p>$/);

    const container = document.createElement("div");
    container.innerHTML = html;
    document.body.append(container);
    const errors: unknown[] = [];
    vi.spyOn(console, "error").mockImplementation((...args) => errors.push(args));
    const kept = container.querySelector("[data-testid=after]");
    const hydrating = render(<MarkdownBody text={TEXT} fallback={FALLBACK} after={after} />, {
      container,
      hydrate: true,
      onRecoverableError: (error) => errors.push(error),
    });
    await act(async () => {});
    expect(container.querySelector("[data-testid=after]")).toBe(kept);
    expect(errors).toEqual([]);
    // A text changed later is drawn by the renderer; what follows stays the same element.
    hydrating.rerender(<MarkdownBody text={"## Revised\n\nNew words."} fallback={FALLBACK} after={after} />);
    await vi.waitFor(() => expect(container.querySelector("h2")?.textContent).toBe("Revised"));
    expect(container.querySelector("[data-testid=after]")).toBe(kept);
    hydrating.unmount();

    // Opened inside the app, it comes with the text (not beside the fallback: e2e/layout-stability.spec.ts).
    const inApp = render(<MarkdownBody text={"## Later\n\nWords."} fallback={FALLBACK} after={after} />);
    await vi.waitFor(() => expect(inApp.container.querySelector(".markdown + [data-testid=after]")).not.toBeNull());
    expect(inApp.container.querySelector("h2")?.textContent).toBe("Later");
  });

  it("a page opened inside the app renders the body with the renderer", async () => {
    const { container } = render(<MarkdownBody text={TEXT} fallback={FALLBACK} />);
    await vi.waitFor(() => expect(container.querySelector("h2")?.textContent).toBe("Ink"));
    expect(Markdown).toHaveBeenCalled();
    expect(container.querySelector(".markdown a")?.getAttribute("href")).toBe("https://example.com/press");
  });
});

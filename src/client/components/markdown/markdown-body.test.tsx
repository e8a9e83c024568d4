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

  it("a page opened inside the app renders the body with the renderer", async () => {
    const { container } = render(<MarkdownBody text={TEXT} fallback={FALLBACK} />);
    await vi.waitFor(() => expect(container.querySelector("h2")?.textContent).toBe("Ink"));
    expect(Markdown).toHaveBeenCalled();
    expect(container.querySelector(".markdown a")?.getAttribute("href")).toBe("https://example.com/press");
  });
});

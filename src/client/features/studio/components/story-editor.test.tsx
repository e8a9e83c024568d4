// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { cleanup, render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { createMemoryRouter, RouterProvider } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { StudioStory } from "../../../../common/api/studio";
import { STORY_MESSAGES } from "../../../../common/story-fields";
import { StoryEditor } from "./story-editor";

const UID = "user-1";

function story(overrides: Partial<StudioStory> = {}): StudioStory {
  return {
    id: "story-1",
    status: "draft",
    version: 3,
    title: "Night Market",
    city: "Chicago",
    date: "2026-05-01",
    description: "Stalls under the bridge.",
    body: "It starts at dusk.",
    cover: null,
    created_at: "2026-05-01T10:00:00.000Z",
    updated_at: "2026-05-02T10:00:00.000Z",
    published_at: null,
    public: false,
    off_site: null,
    ...overrides,
  };
}

type Answer = { status: number; body?: unknown };
let answers: Map<string, Answer[]>;
let requests: { method: string; url: string; body: unknown }[];

function answer(method: string, url: string, ...queue: Answer[]) {
  answers.set(`${method} ${url}`, queue);
}

beforeEach(() => {
  answers = new Map();
  requests = [];
  vi.spyOn(console, "error").mockImplementation(() => {});
  vi.stubGlobal(
    "fetch",
    vi.fn(async (url: string, init: RequestInit = {}) => {
      const method = init.method ?? "GET";
      requests.push({ method, url, body: typeof init.body === "string" ? JSON.parse(init.body) : init.body });
      const next = answers.get(`${method} ${url}`)?.shift();
      if (!next) return new Response(JSON.stringify({ error: { code: "INTERNAL", message: "unexpected" } }), { status: 500 });
      return new Response(next.body === undefined ? null : JSON.stringify(next.body), {
        status: next.status,
        headers: { "content-type": "application/json" },
      });
    }),
  );
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

function renderEditor(initial: StudioStory | null) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  const router = createMemoryRouter(
    [
      { path: "/studio/stories/:storyId", element: <StoryEditor uid={UID} story={initial} onDeleted={() => {}} /> },
      { path: "/studio", element: <p>The list</p> },
    ],
    { initialEntries: [`/studio/stories/${initial?.id ?? "new"}`] },
  );
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return { router, user: userEvent.setup() };
}

describe("a save based on an old version (409 STORY_CHANGED)", () => {
  it("says the story changed in another tab and keeps everything typed", async () => {
    answer("PUT", "/api/studio/stories/story-1", {
      status: 409,
      body: { error: { code: "STORY_CHANGED", message: STORY_MESSAGES.conflict } },
    });
    const { user } = renderEditor(story());
    const title = screen.getByLabelText("Title");
    await user.clear(title);
    await user.type(title, "Night Market, Part Two");
    const body = screen.getByRole("textbox", { name: /^Story/ });
    await user.type(body, " More lines I must not lose.");
    await user.click(screen.getByRole("button", { name: "Save draft" }));

    expect(await screen.findByRole("alert")).toHaveProperty("textContent", STORY_MESSAGES.conflict);
    expect(screen.getByText("This story changed in another tab — reload to see it")).toBeTruthy();
    expect((title as HTMLInputElement).value).toBe("Night Market, Part Two");
    expect((body as HTMLTextAreaElement).value).toBe("It starts at dusk. More lines I must not lose.");
    expect(screen.getByText("Unsaved changes")).toBeTruthy();
    // The save carried the version the editor loaded.
    expect(requests.find((r) => r.method === "PUT")?.body).toMatchObject({ title: "Night Market, Part Two", version: 3 });
  });

  it("loads the newer version only when asked, and then saves on top of it", async () => {
    answer("PUT", "/api/studio/stories/story-1",
      { status: 409, body: { error: { code: "STORY_CHANGED", message: STORY_MESSAGES.conflict } } },
      { status: 200, body: story({ version: 5, title: "Theirs, then mine" }) },
    );
    answer("GET", "/api/studio/stories/story-1", { status: 200, body: story({ version: 4, title: "Theirs" }) });
    const { user } = renderEditor(story());
    const title = screen.getByLabelText("Title");
    await user.type(title, " (mine)");
    await user.click(screen.getByRole("button", { name: "Save draft" }));
    await screen.findByRole("alert");

    await user.click(screen.getByRole("button", { name: "Load the newer version" }));
    await waitFor(() => expect((title as HTMLInputElement).value).toBe("Theirs"));
    expect(screen.queryByRole("alert")).toBeNull();

    await user.type(title, ", then mine");
    await user.click(screen.getByRole("button", { name: "Save draft" }));
    expect(await screen.findByText("Draft saved.")).toBeTruthy();
    expect(requests.filter((r) => r.method === "PUT").at(-1)?.body).toMatchObject({ title: "Theirs, then mine", version: 4 });
  });
});

describe("other answers", () => {
  it("puts the server's field messages on their fields, keeping the text", async () => {
    answer("PUT", "/api/studio/stories/story-1", {
      status: 400,
      body: { error: { code: "VALIDATION_FAILED", message: "Invalid", fields: { city: "City must be at most 100 characters" } } },
    });
    const { user } = renderEditor(story());
    const city = screen.getByLabelText("City");
    await user.type(city, " Heights");
    await user.click(screen.getByRole("button", { name: "Save draft" }));
    expect(await screen.findByText("City must be at most 100 characters")).toBeTruthy();
    expect((city as HTMLInputElement).value).toBe("Chicago Heights");
    expect(city.getAttribute("aria-invalid")).toBe("true");
  });

  it("checks the form with the shared schema before sending anything", async () => {
    const { user } = renderEditor(null);
    await user.click(screen.getByRole("button", { name: "Save draft" }));
    expect(await screen.findByText(STORY_MESSAGES.titleRequired)).toBeTruthy();
    expect(screen.getByText(STORY_MESSAGES.cityRequired)).toBeTruthy();
    expect(screen.getByText(STORY_MESSAGES.descriptionRequired)).toBeTruthy();
    expect(requests).toEqual([]);
  });

  it("refuses to publish an empty story without asking the server", async () => {
    const { user } = renderEditor(story({ body: "" }));
    await user.click(screen.getByRole("button", { name: "Publish" }));
    expect(await screen.findByText(STORY_MESSAGES.bodyRequiredToPublish)).toBeTruthy();
    expect(requests).toEqual([]);
  });

  it("saves a new story, moves to its address and shows the success state", async () => {
    answer("POST", "/api/studio/stories", { status: 201, body: story({ id: "story-9", version: 1 }) });
    const { user, router } = renderEditor(null);
    await user.type(screen.getByLabelText("Title"), "Night Market");
    await user.type(screen.getByLabelText("City"), "Chicago");
    await user.type(screen.getByLabelText("Card description"), "Stalls under the bridge.");
    await user.click(screen.getByRole("button", { name: "Save draft" }));
    expect(await screen.findByText("Draft saved.")).toBeTruthy();
    expect(screen.getByRole("button", { name: "Saved!" })).toBeTruthy();
    expect(router.state.location.pathname).toBe("/studio/stories/story-9");
  });
});

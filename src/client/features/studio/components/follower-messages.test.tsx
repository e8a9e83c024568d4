// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { cleanup, render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { StudioMessages } from "../../../../common/api/studio-messages";
import { CREATOR_MESSAGE_MAX, CREATOR_MESSAGE_TEXT } from "../../../../common/creator-message-fields";
import { FollowerMessages } from "./follower-messages";

type Answer = { status: number; body?: unknown };
let answers: Map<string, Answer[]>;
let posted: unknown[];

const AUDIENCE: StudioMessages = { followers: 3, recipients: 2, next_at: null, suspended: false, hidden: false, items: [] };

function answer(method: string, ...queue: Answer[]) {
  answers.set(method, queue);
}

beforeEach(() => {
  answers = new Map();
  posted = [];
  // jsdom's <dialog> has no modal mode: open it as the browser would, without the top layer.
  if (!HTMLDialogElement.prototype.showModal) {
    HTMLDialogElement.prototype.showModal = function (this: HTMLDialogElement) {
      this.setAttribute("open", "");
    };
    HTMLDialogElement.prototype.close = function (this: HTMLDialogElement) {
      this.removeAttribute("open");
    };
  }
  vi.stubGlobal(
    "fetch",
    vi.fn(async (_url: string, init: RequestInit = {}) => {
      const method = init.method ?? "GET";
      if (method === "POST") posted.push(JSON.parse(String(init.body)));
      const next = answers.get(method)?.shift() ?? { status: 200, body: AUDIENCE };
      return new Response(JSON.stringify(next.body), { status: next.status, headers: { "content-type": "application/json" } });
    }),
  );
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

function renderSection() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <FollowerMessages uid="user-1" />
    </QueryClientProvider>,
  );
  return userEvent.setup();
}

describe("Write to your followers", () => {
  it("counts what was typed and refuses a message over the limit with the server's words, sending nothing", async () => {
    const user = renderSection();
    const field = await screen.findByLabelText(/Your message/);
    await user.click(field);
    await user.paste("x".repeat(CREATOR_MESSAGE_MAX + 3));
    expect(screen.getByTestId("message-count").textContent).toBe("2,003 / 2,000 · 3 over the limit");
    await user.click(screen.getByRole("button", { name: "Send to followers" }));
    expect(await screen.findByText(CREATOR_MESSAGE_TEXT.tooLong)).toBeTruthy();
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(posted).toEqual([]);
  });

  it("keeps the text when the server refuses, and empties it once sent", async () => {
    const user = renderSection();
    const field = await screen.findByLabelText(/Your message/);
    await user.type(field, "Prints on Friday.");
    const tooSoon = "You can write to your followers once a week. Your next message can go on May 8, 2031 at 10:00 AM UTC.";
    answer("POST", { status: 429, body: { error: { code: "RATE_LIMITED", message: tooSoon } } }, {
      status: 201,
      body: { ...AUDIENCE, next_at: "2031-05-08T10:00:00.000Z", message: { id: "m1", body: "Prints on Friday.", created_at: "2031-05-01T10:00:00.000Z", sent_at: null, mail_count: 0 } },
    });

    await user.click(screen.getByRole("button", { name: "Send to followers" }));
    const dialog = await screen.findByRole("dialog");
    expect(dialog.textContent).toContain("It goes by e-mail to 2 of your 3 followers");
    await user.click(within(dialog).getByRole("button", { name: "Send message" }));
    expect(await screen.findByText(tooSoon)).toBeTruthy();
    expect((screen.getByLabelText(/Your message/) as HTMLTextAreaElement).value).toBe("Prints on Friday.");

    await user.click(screen.getByRole("button", { name: "Send to followers" }));
    await user.click(within(await screen.findByRole("dialog")).getByRole("button", { name: "Send message" }));
    expect(await screen.findByText("Sent to your 2 followers.")).toBeTruthy();
    expect((screen.getByLabelText(/Your message/) as HTMLTextAreaElement).value).toBe("");
    expect(posted).toEqual([{ body: "Prints on Friday." }, { body: "Prints on Friday." }]);
  });
});

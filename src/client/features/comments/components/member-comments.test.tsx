// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { cleanup, render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { Comment } from "../../../../common/api/comments";
import { COMMENT_MAX, COMMENT_MESSAGES } from "../../../../common/comments";
import { CommentForm, commentBody, counterText, type FormTarget } from "./member-comments";

type Answer = { status: number; body?: unknown };
let answers: Answer[];
let sent: { url: string; method: string; body: unknown }[];

const SAVED: Comment = {
  id: "c1",
  story_id: "s1",
  parent_id: null,
  reply_to: null,
  author: { name: "reader", creator_id: null, is_story_author: false },
  state: "visible",
  body: "Hello",
  created_at: "2031-05-01T10:00:00.000Z",
  edited_at: null,
  like_count: 0,
  reply_count: 0,
  replies: [],
};

beforeEach(() => {
  answers = [];
  sent = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (url: string, init: RequestInit = {}) => {
      sent.push({ url, method: init.method ?? "GET", body: init.body ? JSON.parse(String(init.body)) : undefined });
      const next = answers.shift() ?? { status: 201, body: SAVED };
      return new Response(JSON.stringify(next.body), { status: next.status, headers: { "content-type": "application/json" } });
    }),
  );
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function renderForm(target: FormTarget = { kind: "new" }, draft = "") {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const done = vi.fn();
  const drafts: string[] = [];
  render(
    <QueryClientProvider client={client}>
      <CommentForm storyId="s1" uid="u1" target={target} draft={draft} onDraft={(text) => drafts.push(text)} onDone={done} onCancel={() => {}} />
    </QueryClientProvider>,
  );
  return { user: userEvent.setup(), done, drafts, field: screen.getByRole("textbox") as HTMLTextAreaElement };
}

const refusal = (status: number, code: string, message: string, fields?: Record<string, string>): Answer => ({
  status,
  body: { error: { code, message, ...(fields && { fields }) } },
});

describe("the counter", () => {
  it("counts as the server does and says plainly when the text is too long, sending nothing", async () => {
    const { user, field } = renderForm();
    const counter = screen.getByTestId("comment-counter");
    expect(counter.textContent).toBe("0 / 2,000");
    await user.type(field, "  Hi there  ");
    // Trimmed, as the server keeps it.
    expect(counter.textContent).toBe("8 / 2,000");
    await user.clear(field);
    await user.click(field);
    await user.paste("x".repeat(COMMENT_MAX + 12));
    expect(counter.textContent).toBe(`2,012 / 2,000 · 12 over the limit. ${COMMENT_MESSAGES.tooLong}.`);
    expect(field.getAttribute("aria-invalid")).toBe("true");
    await user.click(screen.getByRole("button", { name: "Post comment" }));
    expect(await screen.findByRole("alert")).toHaveProperty("textContent", COMMENT_MESSAGES.tooLong);
    expect(sent).toEqual([]);
    expect(field.value).toHaveLength(COMMENT_MAX + 12);
  });

  it("counts a line break as one character and leaves out the spaces around, as the server stores the text", () => {
    expect(commentBody("  a\r\nb\rc \n")).toBe("a\nb\nc");
    expect(counterText(commentBody("a\r\nb").length)).toBe("3 / 2,000");
    expect(counterText(1999)).toBe("1,999 / 2,000");
  });

  it("refuses an empty comment without asking the server", async () => {
    const { user } = renderForm();
    await user.click(screen.getByRole("button", { name: "Post comment" }));
    expect((await screen.findByRole("alert")).textContent).toBe(COMMENT_MESSAGES.bodyRequired);
    expect(sent).toEqual([]);
  });
});

describe("a refusal keeps what was typed", () => {
  const cases: [string, Answer, string][] = [
    ["too fast (429)", refusal(429, "RATE_LIMITED", COMMENT_MESSAGES.rateLimited), COMMENT_MESSAGES.rateLimited],
    ["banned (403)", refusal(403, "FORBIDDEN", COMMENT_MESSAGES.banned(null)), COMMENT_MESSAGES.banned(null)],
    ["comments turned off (403)", refusal(403, "FORBIDDEN", COMMENT_MESSAGES.closed), COMMENT_MESSAGES.closed],
    [
      "the server's check of the text (400)",
      refusal(400, "VALIDATION_FAILED", "Check the highlighted fields", { body: COMMENT_MESSAGES.tooManyLinks }),
      COMMENT_MESSAGES.tooManyLinks,
    ],
    ["a fault on the server (500)", { status: 500, body: {} }, COMMENT_MESSAGES.failed],
  ];

  it.each(cases)("%s", async (_name, answer, message) => {
    if (answer.status >= 500) vi.spyOn(console, "error").mockImplementation(() => {});
    answers.push(answer);
    const { user, field, done } = renderForm();
    await user.type(field, "A thought{Enter}{Enter}with https://example.com");
    await user.click(screen.getByRole("button", { name: "Post comment" }));
    expect((await screen.findByRole("alert")).textContent).toBe(message);
    expect(field.value).toBe("A thought\n\nwith https://example.com");
    expect(done).not.toHaveBeenCalled();
    expect(sent[0]).toEqual({ url: "/api/stories/s1/comments", method: "POST", body: { body: "A thought\n\nwith https://example.com", reply_to: null } });
    // Sent again as it is, it goes.
    await user.click(screen.getByRole("button", { name: "Post comment" }));
    await vi.waitFor(() => expect(done).toHaveBeenCalledWith(SAVED));
  });
});

describe("what is sent", () => {
  it("a reply names the comment it answers; the draft it was given is kept", async () => {
    const { user, field, done } = renderForm({ kind: "reply", threadId: "c0", to: { id: "r9", name: "ana" } }, "Earlier text");
    expect(screen.getByLabelText("Your reply to ana")).toBe(field);
    expect(field.value).toBe("Earlier text");
    await user.click(screen.getByRole("button", { name: "Post reply" }));
    await vi.waitFor(() => expect(done).toHaveBeenCalled());
    expect(sent[0]!.body).toEqual({ body: "Earlier text", reply_to: "r9" });
  });

  it("an edit starts from the comment's text and saves it", async () => {
    answers.push({ status: 200, body: { ...SAVED, body: "Hello again", edited_at: "2031-05-01T11:00:00.000Z" } });
    const { user, field, done } = renderForm({ kind: "edit", comment: SAVED });
    expect(field.value).toBe("Hello");
    await user.type(field, " again");
    await user.click(screen.getByRole("button", { name: "Save" }));
    await vi.waitFor(() => expect(done).toHaveBeenCalled());
    expect(sent[0]).toEqual({ url: "/api/comments/c1", method: "PATCH", body: { body: "Hello again" } });
  });
});

// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen } from "@testing-library/react";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { ApiError } from "../lib/api";
import type { FieldMessages } from "../lib/server-field-errors";
import { useServerFieldErrors } from "./use-server-field-errors";

interface Values {
  email: string;
  password: string;
}

/** A form like the site's: fields disabled while the request runs, the answer applied as it ends. */
function Probe({ answer, onShown }: { answer: ApiError | FieldMessages; onShown: (shown: boolean) => void }) {
  const { register, setError, setFocus, formState } = useForm<Values>({ defaultValues: { email: "", password: "" } });
  const [busy, setBusy] = useState(false);
  const showFieldErrors = useServerFieldErrors<Values>({ setError, setFocus }, ["email", "password"], busy);
  return (
    <form>
      <fieldset disabled={busy}>
        <input aria-label="Email" {...register("email")} />
        <input aria-label="Password" {...register("password")} />
      </fieldset>
      <p data-testid="errors">{[formState.errors.email?.message, formState.errors.password?.message].join("|")}</p>
      <button type="button" onClick={() => setBusy(true)}>
        Send
      </button>
      <button
        type="button"
        onClick={() => {
          onShown(showFieldErrors(answer));
          setBusy(false);
        }}
      >
        Answer
      </button>
    </form>
  );
}

function submitAndAnswer(answer: ApiError | FieldMessages): boolean {
  let shown: boolean | undefined;
  render(<Probe answer={answer} onShown={(s) => (shown = s)} />);
  act(() => fireEvent.click(screen.getByText("Send")));
  act(() => fireEvent.click(screen.getByText("Answer")));
  // react-hook-form's setFocus moves focus on a timer.
  act(() => vi.runAllTimers());
  return shown!;
}

beforeEach(() => {
  vi.useFakeTimers();
});

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe("useServerFieldErrors", () => {
  it("puts an API error's messages on their fields and focuses the first in the form's order", () => {
    const error = new ApiError({
      status: 400,
      code: "VALIDATION_FAILED",
      message: "Check the form",
      fields: { password: "Password is required", email: "Email is invalid", role: "admin" },
    });
    expect(submitAndAnswer(error)).toBe(true);
    expect(screen.getByTestId("errors").textContent).toBe("Email is invalid|Password is required");
    expect(document.activeElement).toBe(screen.getByLabelText("Email"));
  });

  it("takes the form's own wording for a code it handles itself", () => {
    expect(submitAndAnswer({ password: "Incorrect username or password" })).toBe(true);
    expect(screen.getByTestId("errors").textContent).toBe("|Incorrect username or password");
    expect(document.activeElement).toBe(screen.getByLabelText("Password"));
  });

  it("answers false and touches nothing when no message is for the form's fields", () => {
    const error = new ApiError({ status: 429, code: "RATE_LIMITED", message: "Too many tries", fields: { nickname: "?" } });
    expect(submitAndAnswer(error)).toBe(false);
    expect(screen.getByTestId("errors").textContent).toBe("|");
    expect(document.activeElement).toBe(document.body);
  });
});

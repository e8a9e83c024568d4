import { describe, expect, it } from "vitest";
import { ApiError } from "../../lib/api";
import { JOIN_ARTIST_MESSAGES } from "../../../common/errors";
import { joinAlertFor } from "./components/join-artist-page";
import { displayName } from "./hooks/use-session";

describe("displayName (profile menu, spec §2 and §9)", () => {
  it("defaults to 'User' when the name is blank", () => {
    expect(displayName({ username: "" })).toBe("User");
    expect(displayName({ username: "   " })).toBe("User");
  });

  it("keeps names of up to 20 characters whole", () => {
    expect(displayName({ username: "a".repeat(20) })).toBe("a".repeat(20));
  });

  it("cuts longer names at 20 characters plus an ellipsis", () => {
    expect(displayName({ username: "Extraordinarily Long Display Name" })).toBe("Extraordinarily Long…");
  });
});

describe("joinAlertFor (Join as Artist alerts, spec §8)", () => {
  const apiError = (code: ConstructorParameters<typeof ApiError>[0]["code"], fields?: Record<string, string>) =>
    new ApiError({ status: 400, code, message: "server text", fields });

  it("maps each API error code to its alert", () => {
    expect(joinAlertFor(apiError("EMAIL_TAKEN"))).toBe(
      "This email is already registered. Please use a different email or sign in.",
    );
    expect(joinAlertFor(apiError("WEAK_PASSWORD"))).toBe("Password is too weak. Please choose a stronger password.");
    expect(joinAlertFor(apiError("INVALID_EMAIL"))).toBe("Invalid email address. Please enter a valid email.");
    expect(joinAlertFor(apiError("VALIDATION_FAILED", { email: "Email is invalid" }))).toBe(JOIN_ARTIST_MESSAGES.invalidEmail);
  });

  it("reads every other failure as 'Registration failed. Please try again.'", () => {
    for (const error of [
      apiError("INTERNAL"),
      apiError("VALIDATION_FAILED"),
      apiError("NETWORK_ERROR"),
      new Error("boom"),
      undefined,
    ]) {
      expect(joinAlertFor(error)).toBe("Registration failed. Please try again.");
    }
  });
});

import { describe, expect, it } from "vitest";
import { CREATOR_MESSAGES } from "../../../../common/creator-schemas";
import { ApiError } from "../../../lib/api";
import { fieldErrorsInOrder } from "../../../lib/server-field-errors";
import { APPLICATION_FIELDS, applicationFailure } from "./application-errors";

const apiError = (status: number, code: ConstructorParameters<typeof ApiError>[0]["code"], fields?: Record<string, string>) =>
  new ApiError({ status, code, message: "server words", fields });

describe("applicationFailure", () => {
  it("puts a 400's messages on their fields, in the form's order", () => {
    const failure = applicationFailure(
      apiError(400, "VALIDATION_FAILED", { city: "City is required", first_name: "First name is required" }),
    );
    expect(failure.kind).toBe("fields");
    expect(failure.kind === "fields" && fieldErrorsInOrder(failure.fields, APPLICATION_FIELDS)).toEqual([
      ["first_name", "First name is required"],
      ["city", "City is required"],
    ]);
  });

  it("puts a taken email on the email field", () => {
    expect(applicationFailure(apiError(409, "EMAIL_TAKEN", { email: CREATOR_MESSAGES.emailTaken }))).toEqual({
      kind: "fields",
      fields: { email: CREATOR_MESSAGES.emailTaken },
    });
    expect(applicationFailure(apiError(409, "EMAIL_TAKEN"))).toEqual({ kind: "fields", fields: { email: CREATOR_MESSAGES.emailTaken } });
  });

  it("says the spec's general text for anything else", () => {
    for (const error of [
      apiError(500, "INTERNAL"),
      apiError(0, "NETWORK_ERROR"),
      apiError(400, "VALIDATION_FAILED", { nickname: "?" }),
      new Error("boom"),
      "nonsense",
    ]) {
      expect(applicationFailure(error)).toEqual({ kind: "general", message: CREATOR_MESSAGES.submitFailed });
    }
  });

  it("passes on the messages written for people", () => {
    expect(applicationFailure(apiError(409, "ALREADY_CREATOR"))).toEqual({ kind: "general", message: CREATOR_MESSAGES.alreadyCreator });
    expect(applicationFailure(apiError(429, "RATE_LIMITED"))).toEqual({ kind: "general", message: CREATOR_MESSAGES.rateLimited });
  });
});

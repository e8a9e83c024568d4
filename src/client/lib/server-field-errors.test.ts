import { describe, expect, it } from "vitest";
import { fieldErrorsInOrder } from "./server-field-errors";

describe("fieldErrorsInOrder", () => {
  it("keeps the form's own fields, in the form's order", () => {
    const messages = { password: "Password is required", role: "admin", email: "Email is invalid" };
    expect(fieldErrorsInOrder(messages, ["email", "password"])).toEqual([
      ["email", "Email is invalid"],
      ["password", "Password is required"],
    ]);
  });

  it("leaves out empty messages and names inherited from Object", () => {
    expect(fieldErrorsInOrder({ email: "", password: undefined }, ["email", "password"])).toEqual([]);
    expect(fieldErrorsInOrder({}, ["constructor", "toString"])).toEqual([]);
  });
});

import { describe, expect, it } from "vitest";
import { fieldErrors, JoinArtistSchema, LoginSchema, SubscribeSchema } from "./auth-schemas.js";

const ok = { username: "maya", email: "maya@example.com", phone: "+1 555 123 4567", password: "secret1", confirmPassword: "secret1" };
const errorsOf = (schema: typeof SubscribeSchema | typeof LoginSchema | typeof JoinArtistSchema, input: unknown) => {
  const result = schema.safeParse(input);
  return result.success ? {} : fieldErrors(result.error);
};

describe("SubscribeSchema", () => {
  it("accepts a valid form and lower-cases the email", () => {
    const parsed = SubscribeSchema.parse({ ...ok, email: " Maya@Example.COM " });
    expect(parsed.email).toBe("maya@example.com");
  });

  it.each([
    ["username", "", "Username is required"],
    ["username", "ab", "Username must be at least 3 characters"],
    ["email", "", "Email is required"],
    ["email", "maya@", "Email is invalid"],
    ["email", "maya@example", "Email is invalid"],
    ["phone", "", "Phone number is required"],
    ["phone", "555-1234", "Phone number is invalid"],
    ["phone", "+1 555 abc 4567", "Phone number is invalid"],
    ["password", "", "Password is required"],
    ["password", "12345", "Password must be at least 6 characters"],
  ])("%s = %j → %s", (field, value, message) => {
    const input = { ...ok, [field]: value, ...(field === "password" ? { confirmPassword: value } : {}) };
    expect(errorsOf(SubscribeSchema, input)[field]).toBe(message);
  });

  it("accepts the phone shapes of spec §5", () => {
    for (const phone of ["5551234567", "+15551234567", "(555) 123-4567", "+44 20 7946 0958"]) {
      expect(errorsOf(SubscribeSchema, { ...ok, phone })).toEqual({});
    }
  });

  it("requires matching passwords", () => {
    expect(errorsOf(SubscribeSchema, { ...ok, confirmPassword: "secret2" })).toEqual({
      confirmPassword: "Passwords do not match",
    });
  });
});

describe("LoginSchema", () => {
  it("reports the login messages", () => {
    expect(errorsOf(LoginSchema, {})).toEqual({ email: "Email is required", password: "Password is required" });
    expect(errorsOf(LoginSchema, { email: "x@y", password: "a" })).toEqual({ email: "Email is invalid" });
  });
});

describe("JoinArtistSchema", () => {
  it("treats a blank display name as absent", () => {
    expect(JoinArtistSchema.parse({ displayName: "  ", email: "a@b.co", password: "secret1" }).displayName).toBeUndefined();
  });
  it("requires a 6-character password", () => {
    expect(errorsOf(JoinArtistSchema, { email: "a@b.co", password: "12345" })).toEqual({
      password: "Password must be at least 6 characters",
    });
  });
});

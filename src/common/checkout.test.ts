import { describe, expect, it } from "vitest";
import { fieldErrors } from "./auth-schemas.js";
import { CheckoutSchema } from "./checkout.js";
import { canCancel, IDEMPOTENCY_KEY_PATTERN, ORDER_STATUSES, ORDER_TRANSITIONS } from "./orders.js";

const ok = {
  email: "ada@example.com",
  name: "Ada Buyer",
  address_line1: "12 Main Street",
  city: "Springfield",
  state: "IL",
  zip: "62701",
  phone: "+1 (555) 010-0101",
};

describe("CheckoutSchema", () => {
  it("accepts a full address, defaults line 2 to empty, trims and lower-cases the email", () => {
    expect(CheckoutSchema.parse({ ...ok, email: " Ada@Example.COM ", zip: "62701-1234" })).toEqual({
      ...ok,
      email: "ada@example.com",
      zip: "62701-1234",
      address_line2: "",
    });
  });

  it("drops anything that is not a contact or shipping field", () => {
    const parsed = CheckoutSchema.parse({ ...ok, total_cents: 1, user_id: "someone", status: "delivered" });
    expect(Object.keys(parsed).sort()).toEqual(["address_line1", "address_line2", "city", "email", "name", "phone", "state", "zip"]);
  });

  it.each([
    ["zip", "1234", "ZIP code must be 5 digits or ZIP+4 (12345-6789)"],
    ["zip", "123456", "ZIP code must be 5 digits or ZIP+4 (12345-6789)"],
    ["state", "XYZ", "Choose a state from the list"],
    ["state", "QQ", "Choose a state from the list"],
    ["phone", "12345", "Phone number is invalid"],
    ["name", "A\tB", "Use letters, digits and punctuation only"],
  ])("%s = %j → %s", (field, value, message) => {
    const result = CheckoutSchema.safeParse({ ...ok, [field]: value });
    expect(result.success).toBe(false);
    if (!result.success) expect(fieldErrors(result.error)[field]).toBe(message);
  });
});

describe("order statuses", () => {
  it("move only forward, only a placed order can be cancelled, and only a paid one refunded", () => {
    expect(ORDER_STATUSES.filter(canCancel)).toEqual(["placed"]);
    expect(ORDER_TRANSITIONS.placed).toEqual(["paid", "cancelled"]);
    expect(ORDER_TRANSITIONS.paid).toEqual(["shipped", "refunded"]);
    expect(ORDER_TRANSITIONS.shipped).toEqual(["delivered", "refunded"]);
    expect(ORDER_TRANSITIONS.delivered).toEqual(["refunded"]);
    expect(ORDER_TRANSITIONS.cancelled).toEqual([]);
    expect(ORDER_TRANSITIONS.refunded).toEqual([]);
  });

  it("idempotency keys: 8 to 100 URL-safe characters", () => {
    expect(IDEMPOTENCY_KEY_PATTERN.test("3f0c2a9e-6b1d-4c55-9e0f-7a1b2c3d4e5f")).toBe(true);
    expect(IDEMPOTENCY_KEY_PATTERN.test("short")).toBe(false);
    expect(IDEMPOTENCY_KEY_PATTERN.test("with space 123")).toBe(false);
  });
});

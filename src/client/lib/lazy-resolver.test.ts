import { zodResolver } from "@hookform/resolvers/zod";
import type { Resolver, ResolverOptions } from "react-hook-form";
import type { z } from "zod";
import { describe, expect, it, vi } from "vitest";
import { LoginSchema } from "../../common/auth-schemas";
import { lazyResolver } from "./lazy-resolver";

const options = { fields: {}, shouldUseNativeValidation: false } as ResolverOptions<z.input<typeof LoginSchema>>;

describe("lazyResolver", () => {
  it("loads once, on first use or prefetch, and validates as the zod resolver does", async () => {
    const load = vi.fn(async () => zodResolver(LoginSchema));
    const resolver = lazyResolver(load);
    expect(load).not.toHaveBeenCalled();
    resolver.prefetch();
    resolver.prefetch();

    const bad = await resolver({ email: "nope", password: "" }, undefined, options);
    const direct = await zodResolver(LoginSchema)({ email: "nope", password: "" }, undefined, options);
    expect(bad.errors).toEqual(direct.errors);
    expect(Object.keys(bad.errors)).toEqual(expect.arrayContaining(["email", "password"]));

    const good = await resolver({ email: "ada@example.com", password: "correct horse" }, undefined, options);
    expect(good.errors).toEqual({});
    expect(good.values).toMatchObject({ email: "ada@example.com" });
    expect(load).toHaveBeenCalledTimes(1);
  });

  it("lets the values through to the server when the load fails, and tries again next time", async () => {
    type Login = z.input<typeof LoginSchema>;
    const load = vi
      .fn<() => Promise<Resolver<Login, unknown, Login>>>()
      .mockRejectedValueOnce(new TypeError("Failed to fetch dynamically imported module"))
      .mockResolvedValue(zodResolver(LoginSchema));
    const resolver = lazyResolver(load);

    const offline = await resolver({ email: "nope", password: "" }, undefined, options);
    expect(offline).toEqual({ values: { email: "nope", password: "" }, errors: {} });

    const online = await resolver({ email: "nope", password: "" }, undefined, options);
    expect(Object.keys(online.errors)).toContain("email");
    expect(load).toHaveBeenCalledTimes(2);
  });
});

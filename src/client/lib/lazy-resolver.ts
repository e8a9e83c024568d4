/**
 * A react-hook-form resolver that loads itself on first use. The forms validate on submit only,
 * and their resolvers carry zod and the shared schemas (about 23 KB gzipped): loaded with the
 * route, they put the sign-in and sign-up pages over the 150 KB route budget (docs/decisions/0013).
 * `prefetch` starts the load early (the forms call it when the browser is idle after rendering), so
 * a submit normally finds it ready.
 *
 * Should the load fail (connection lost), the submit is not stuck: the values go to the server
 * unvalidated, and the server, which validates every request with the same schema, answers with
 * the same field messages; the next submit tries the load again.
 */
import type { FieldValues, Resolver } from "react-hook-form";
import type { $ZodType } from "zod/v4/core";

export type LazyResolver<Input extends FieldValues, Output> = Resolver<Input, unknown, Output> & {
  prefetch: () => void;
};

export function lazyResolver<Input extends FieldValues, Output>(
  load: () => Promise<Resolver<Input, unknown, Output>>,
): LazyResolver<Input, Output> {
  let loading: Promise<Resolver<Input, unknown, Output>> | undefined;
  const loaded = () =>
    (loading ??= load().catch((error: unknown) => {
      loading = undefined;
      throw error;
    }));

  const resolver: Resolver<Input, unknown, Output> = async (values, context, options) => {
    let resolve: Resolver<Input, unknown, Output>;
    try {
      resolve = await loaded();
    } catch {
      // The server's validation answers instead (see above); its output type is the server's concern.
      return { values: values as unknown as Output, errors: {} };
    }
    return resolve(values, context, options);
  };
  return Object.assign(resolver, {
    prefetch: () => {
      loaded().catch(() => {});
    },
  });
}

/** The zod resolver of a schema module, both loaded on first use: `lazyZodResolver(() => import(...).then((m) => m.Schema))`. */
export function lazyZodResolver<Input extends FieldValues, Output>(
  loadSchema: () => Promise<$ZodType<Output, Input>>,
): LazyResolver<Input, Output> {
  return lazyResolver(async () => {
    const [{ zodResolver }, schema] = await Promise.all([import("@hookform/resolvers/zod"), loadSchema()]);
    return zodResolver(schema) as Resolver<Input, unknown, Output>;
  });
}

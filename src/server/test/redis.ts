/**
 * The Redis the multi-instance tests share (TEST_REDIS_URL, default 127.0.0.1:6379). Without it
 * those tests are skipped with a printed reason, unless REQUIRE_REDIS=1 or CI is set: then a
 * missing Redis is a failure, as CI must prove the shared-state path.
 */
import { Redis } from "ioredis";

export const TEST_REDIS_URL = process.env.TEST_REDIS_URL ?? "redis://127.0.0.1:6379";
export const REDIS_REQUIRED = process.env.REQUIRE_REDIS === "1" || Boolean(process.env.CI);

async function redisReachable(): Promise<boolean> {
  const probe = new Redis(TEST_REDIS_URL, { lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => null, connectTimeout: 1_000 });
  probe.on("error", () => {});
  try {
    await probe.connect();
    return (await probe.ping()) === "PONG";
  } catch {
    return false;
  } finally {
    probe.disconnect();
  }
}

/**
 * True when Redis answers. When it does not: throws if Redis is required, otherwise prints that
 * `what` is skipped and returns false.
 */
export async function redisForTests(what: string): Promise<boolean> {
  if (await redisReachable()) return true;
  const message = `Redis at ${TEST_REDIS_URL} is unreachable`;
  if (REDIS_REQUIRED) throw new Error(`${message} (REQUIRE_REDIS=1 or CI is set)`);
  console.warn(`*** SKIPPED: ${what} (${message}; set REQUIRE_REDIS=1 to make this a failure) ***`);
  return false;
}

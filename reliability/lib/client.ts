/** A minimal API client for a spawned server: JSON in and out, one session cookie per user. */
import { randomUUID } from "node:crypto";
import { ORIGIN } from "./server.js";

export interface Answer {
  status: number;
  body: unknown;
  setCookie: string[];
}

export async function call(base: string, path: string, init: { method?: string; json?: unknown; cookie?: string; headers?: Record<string, string> } = {}): Promise<Answer> {
  const method = init.method ?? (init.json === undefined ? "GET" : "POST");
  const headers: Record<string, string> = { ...init.headers };
  if (init.json !== undefined) headers["content-type"] = "application/json";
  if (init.cookie) headers.cookie = init.cookie;
  if (method !== "GET") headers.origin = ORIGIN;
  const res = await fetch(`${base}${path}`, { method, headers, body: init.json === undefined ? undefined : JSON.stringify(init.json) });
  const text = await res.text();
  let body: unknown = text;
  try {
    body = JSON.parse(text);
  } catch {
    // Not JSON: kept as text for the message.
  }
  return { status: res.status, body, setCookie: res.headers.getSetCookie() };
}

export const ADDRESS = { email: "buyer@example.com", name: "Ada Buyer", address_line1: "12 Main Street", city: "Springfield", state: "IL", zip: "62701", phone: "+1 (555) 010-0101" };

export function newAccount(tag: string) {
  const id = randomUUID().slice(0, 8);
  return { username: `${tag}${id}`, email: `${tag}-${id}@example.com`, phone: "+1 (555) 010-0000", password: "correct horse battery", confirmPassword: "correct horse battery" };
}

/** Signs up and returns the session cookie and the user id; throws with the answer when refused. */
export async function signUp(base: string, tag: string): Promise<{ cookie: string; uid: string; email: string }> {
  const account = newAccount(tag);
  const res = await call(base, "/api/auth/sign-up/email", { json: account });
  if (res.status !== 200) throw new Error(`sign-up refused: ${res.status} ${JSON.stringify(res.body)}`);
  const cookie = res.setCookie.find((c) => c.startsWith("maybe.session_token="))!.split(";")[0]!;
  return { cookie, uid: (res.body as { user: { uid: string } }).user.uid, email: account.email };
}

export const orderHeaders = () => ({ "idempotency-key": randomUUID() });

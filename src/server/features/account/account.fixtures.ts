/** Test helpers: what the outbox holds for an address (the e-mails the account flows wrote). */
import type { TestApp } from "../../test/harness.js";

export interface QueuedMail {
  template: string;
  recipient: string;
  user_id: string | null;
  props: Record<string, unknown>;
}

export async function mailsTo(t: TestApp, recipient: string, template?: string): Promise<QueuedMail[]> {
  let query = t.database.db.selectFrom("outbox").select(["template", "recipient", "user_id", "payload", "created_at", "id"]).where("recipient", "=", recipient);
  if (template) query = query.where("template", "=", template);
  const rows = await query.orderBy("created_at").orderBy("id").execute();
  return rows.map((r) => ({ template: r.template, recipient: r.recipient, user_id: r.user_id, props: JSON.parse(r.payload) as Record<string, unknown> }));
}

/**
 * The e-mails of `template` to `recipient` once there are at least `count`, failing after five
 * seconds: a reset link is written after the answer when the machine is slower than the answer's
 * floor (FORGOT_PASSWORD_ANSWER_MS), so a test waits for the count it expects.
 */
export async function mailsOnceThere(t: TestApp, recipient: string, template: string, count: number): Promise<QueuedMail[]> {
  const deadline = performance.now() + 5_000;
  for (;;) {
    const mails = await mailsTo(t, recipient, template);
    if (mails.length >= count) return mails;
    if (performance.now() > deadline) throw new Error(`${mails.length} ${template} mails to ${recipient}, not ${count}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** The last e-mail of `template` to `recipient`, failing when there is none (within five seconds). */
export async function lastMailTo(t: TestApp, recipient: string, template: string): Promise<QueuedMail> {
  return (await mailsOnceThere(t, recipient, template, 1)).at(-1)!;
}

/** The token of a link the e-mail carries (`…?token=`). */
export function linkToken(mail: QueuedMail): string {
  const token = new URL(String(mail.props.url)).searchParams.get("token");
  if (!token) throw new Error(`the ${mail.template} mail carries no token`);
  return token;
}

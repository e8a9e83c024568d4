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

/** The last e-mail of `template` to `recipient`, failing when there is none. */
export async function lastMailTo(t: TestApp, recipient: string, template: string): Promise<QueuedMail> {
  const mails = await mailsTo(t, recipient, template);
  const mail = mails.at(-1);
  if (!mail) throw new Error(`no ${template} mail to ${recipient}`);
  return mail;
}

/** The token of a link the e-mail carries (`…?token=`). */
export function linkToken(mail: QueuedMail): string {
  const token = new URL(String(mail.props.url)).searchParams.get("token");
  if (!token) throw new Error(`the ${mail.template} mail carries no token`);
  return token;
}

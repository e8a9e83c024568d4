/**
 * Sends one claimed row: renders its template now (so a template fix reaches the mail still
 * waiting), hands it to the mailer, and records the outcome on the row.
 */
import type { Logger } from "pino";
import type { Db } from "../db/client.js";
import { MAIL_LIST_OF, type MailContext, type MailTemplateName, type MailTemplates } from "../emails/catalog.js";
import { renderMail } from "../emails/render.js";
import { unsubscribeToken, unsubscribeUrls } from "../emails/unsubscribe.js";
import type { Mailer } from "../lib/mailer.js";
import { markFailed, markSent, type OutboxRow } from "./claims.js";

export interface DeliverDeps {
  database: Db;
  mailer: Mailer;
  logger: Logger;
  context: MailContext;
  now: () => Date;
  /** Signs the unsubscribe links of the e-mails of a list (emails/unsubscribe.ts). */
  unsubscribeSecret: string;
}

/**
 * An e-mail of a list gets its reader's unsubscribe page in the footer and RFC 8058's one-click
 * headers, signed at send time for the account (or, for the footer's sign-ups, the address).
 */
function listParts(deps: DeliverDeps, row: OutboxRow, template: MailTemplateName): { context: MailContext; headers?: Record<string, string> } {
  const list = MAIL_LIST_OF[template];
  if (!list) return { context: deps.context };
  const token = unsubscribeToken(deps.unsubscribeSecret, { list, subject: row.user_id ?? row.recipient.toLowerCase() }, deps.now());
  const urls = unsubscribeUrls(deps.context.publicUrl, token);
  return {
    context: { ...deps.context, unsubscribeUrl: urls.page },
    headers: { "List-Unsubscribe": `<${urls.oneClick}>`, "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" },
  };
}

/** True when the message went out. A failure is recorded on the row (retry or give up), never thrown. */
export async function deliver(deps: DeliverDeps, row: OutboxRow, token: string): Promise<boolean> {
  const { database, mailer, logger } = deps;
  const about = { outbox: row.id, template: row.template, attempt: row.attempts + 1 };
  try {
    const template = row.template as MailTemplateName;
    const props = JSON.parse(row.payload) as MailTemplates[typeof template];
    const { context, headers } = listParts(deps, row, template);
    const mail = await renderMail(template, props, context);
    await mailer.send({ to: row.recipient, ...mail, ...(headers ? { headers } : {}) });
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    const outcome = await markFailed(database, row, token, message, deps.now());
    if (outcome === "gave-up") logger.error({ ...about, err: error }, "e-mail given up after its last attempt");
    else logger.warn({ ...about, err: error, outcome: outcome ?? "claim lost" }, "e-mail not sent; it will be retried");
    return false;
  }
  if (!(await markSent(database, row.id, deps.now()))) logger.warn(about, "e-mail was already marked sent");
  else logger.info(about, "e-mail sent");
  return true;
}

/**
 * The back office's Mail area (issue 32), on whichever database TEST_DB names: an e-mail given up
 * after its last attempt is listed with its error, an admin sends it again (audited, due at once,
 * delivered), and retrying what is not given up is 404. Who may call it at all is the permission
 * walk's (permissions.test.ts).
 */
import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import type { MailOverview } from "../../../../common/api/admin-mail.js";
import { appWithSmtp } from "../../../test/app-with-smtp.js";
import { until } from "../../../test/smtp.js";
import { staffKit, type ErrorBody } from "../admin.fixtures.js";

const world = appWithSmtp();
const kit = staffKit(() => world.t);

describe("undelivered e-mails", () => {
  it("lists a given-up e-mail with its error, and an admin's retry sends it, once, on the record", async () => {
    const admin = await kit.person("admin");
    const id = randomUUID();
    const at = new Date().toISOString();
    await world.t.database.db
      .insertInto("outbox")
      .values({
        id,
        kind: "mail",
        template: "password-changed",
        recipient: "bounced.reader@example.com",
        payload: JSON.stringify({ name: "Ada" }),
        created_at: at,
        available_at: at,
        attempts: 10,
        failed_at: at,
        last_error: "550 Mailbox unavailable",
      })
      .execute();

    const overview = await kit.ok<MailOverview>(admin, "GET", "/api/admin/mail");
    expect(overview.failed).toBeGreaterThanOrEqual(1);
    expect(overview.items.find((m) => m.id === id)).toMatchObject({ recipient: "bounced.reader@example.com", attempts: 10, last_error: "550 Mailbox unavailable" });

    expect(await kit.ok(admin, "POST", `/api/admin/mail/${id}/retry`)).toEqual({ id, template: "password-changed", recipient: "bounced.reader@example.com" });
    const again = await kit.call<ErrorBody>(admin, "POST", `/api/admin/mail/${id}/retry`);
    expect([again.status, again.body.error.code]).toEqual([404, "NOT_FOUND"]);

    await world.t.outbox.drain();
    await until(() => world.smtp.inbox.find((m) => m.to.includes("bounced.reader@example.com")), "the retried e-mail");
    const row = await world.t.database.db.selectFrom("outbox").select(["sent_at", "failed_at", "attempts"]).where("id", "=", id).executeTakeFirstOrThrow();
    expect(row.sent_at).not.toBeNull();
    expect(row.failed_at).toBeNull();
    const audit = await world.t.database.db.selectFrom("audit_log").select(["action", "actor_id", "note"]).where("target_id", "=", id).execute();
    expect(audit).toEqual([{ action: "mail.retry", actor_id: admin.id, note: "550 Mailbox unavailable" }]);
    expect((await kit.ok<MailOverview>(admin, "GET", "/api/admin/mail")).items.some((m) => m.id === id)).toBe(false);
  });
});

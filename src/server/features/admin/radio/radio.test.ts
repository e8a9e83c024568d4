/**
 * The back office's Radio area (issue 34) on whichever database TEST_DB names, with e-mail at a
 * real SMTP server: a curator approves a submitted track into rotation (last in the order) or
 * declines it with a note, takes one out, features one and orders the rotation; the creator is
 * told by e-mail; every action is in the audit log; every write as a member, a creator and a
 * visitor is refused with nothing changed.
 */
import { describe, expect, it } from "vitest";
import type { AdminRadio, AdminTrack } from "../../../../common/api/admin-radio.js";
import type { TrackList } from "../../../../common/api/radio.js";
import { TRACK_MESSAGES } from "../../../../common/radio.js";
import { appWithSmtp } from "../../../test/app-with-smtp.js";
import { readable } from "../../../test/smtp.js";
import { insertTrack } from "../../radio/radio.fixtures.js";
import { staffKit, type ErrorBody, type Person } from "../admin.fixtures.js";

const world = appWithSmtp();
const kit = staffKit(() => world.t);
const mailsTo = (who: Person) => world.smtp.inbox.filter((m) => m.to.includes(who.email)).map((m) => readable(m.raw));
const rotationIds = async () => ((await (await world.t.request("/api/radio/tracks")).json()) as TrackList).tracks.map((x) => x.id);
const auditOf = (id: string) =>
  world.t.database.db.selectFrom("audit_log").select(["action", "note"]).where("target_id", "=", id).orderBy("created_at").execute();

describe("reviewing tracks", () => {
  it("approves a submitted track into the rotation, last, and tells its creator", async () => {
    const [maker, curator] = [await kit.creator("Ines"), await kit.person("curator")];
    const track = await insertTrack(world.t, { creatorId: maker.creatorId!, title: "Glass Harbour" });
    const before = await kit.ok<AdminRadio>(curator, "GET", "/api/admin/radio");
    expect(before.queue.map((x) => x.id)).toContain(track.id);
    const approved = await kit.ok<AdminTrack>(curator, "POST", `/api/admin/radio/tracks/${track.id}/approve`);
    expect(approved).toMatchObject({ status: "rotation", creator: { id: maker.creatorId } });
    const after = await kit.ok<AdminRadio>(curator, "GET", "/api/admin/radio");
    expect(after.queue.map((x) => x.id)).not.toContain(track.id);
    expect(after.rotation.at(-1)!.id).toBe(track.id);
    expect(await rotationIds()).toContain(track.id);
    // Approved once: a second approval finds nothing waiting.
    const again = await kit.call<ErrorBody>(curator, "POST", `/api/admin/radio/tracks/${track.id}/approve`);
    expect([again.status, again.body.error.code, again.body.error.message]).toEqual([409, "TRACK_STATE", TRACK_MESSAGES.notPending]);
    await world.t.outbox.drain();
    const mail = mailsTo(maker);
    expect(mail).toHaveLength(1);
    expect(mail[0]).toMatch(/^Subject: MAYBE: your track is on the radio$/m);
    expect(mail[0]).toContain("Glass Harbour");
    expect(mail[0]).toContain("/studio/tracks");
    expect((await auditOf(track.id)).map((x) => x.action)).toEqual(["track.approve"]);
  });

  it("declines with a note the creator reads, and takes a track out of rotation the same way", async () => {
    const [maker, curator] = [await kit.creator("Jun"), await kit.person("curator")];
    const pending = await insertTrack(world.t, { creatorId: maker.creatorId!, title: "Low Tide" });
    const playing = await insertTrack(world.t, { creatorId: maker.creatorId!, status: "rotation", title: "High Tide" });
    const empty = await kit.call<ErrorBody>(curator, "POST", `/api/admin/radio/tracks/${pending.id}/decline`, { note: "   " });
    expect([empty.status, empty.body.error.fields?.note]).toEqual([400, TRACK_MESSAGES.noteRequired]);
    const declined = await kit.ok<AdminTrack>(curator, "POST", `/api/admin/radio/tracks/${pending.id}/decline`, { note: "Clipping <b>at</b> 2:10" });
    expect([declined.status, declined.decline_note]).toEqual(["declined", "Clipping <b>at</b> 2:10"]);
    const out = await kit.ok<AdminTrack>(curator, "POST", `/api/admin/radio/tracks/${playing.id}/decline`, { note: "Rights question" });
    expect(out.status).toBe("declined");
    expect(await rotationIds()).not.toContain(playing.id);
    await world.t.outbox.drain();
    const mail = mailsTo(maker);
    expect(mail).toHaveLength(2);
    const [, html] = mail.find((m) => m.includes("Low Tide"))!.split("Content-Type: text/html");
    expect(html).toContain("Clipping &lt;b&gt;at&lt;/b&gt; 2:10");
    expect((await auditOf(pending.id)).map((x) => [x.action, x.note])).toEqual([["track.decline", "Clipping <b>at</b> 2:10"]]);
    expect((await auditOf(playing.id)).map((x) => x.action)).toEqual(["track.take-out"]);
  });

  it("features a track and orders the rotation, refusing an order that is not the rotation", async () => {
    const [maker, curator] = [await kit.creator("Kai"), await kit.person("curator")];
    const a = await insertTrack(world.t, { creatorId: maker.creatorId!, status: "rotation", position: 50 });
    await kit.ok<AdminTrack>(curator, "POST", `/api/admin/radio/tracks/${a.id}/feature`, { featured: true });
    expect((await rotationIds())[0]).toBe(a.id);
    await kit.ok<AdminTrack>(curator, "POST", `/api/admin/radio/tracks/${a.id}/feature`, { featured: false });
    const { rotation } = await kit.ok<AdminRadio>(curator, "GET", "/api/admin/radio");
    const reversed = rotation.map((x) => x.id).reverse();
    const ordered = await kit.ok<AdminRadio>(curator, "PUT", "/api/admin/radio/rotation", { ids: reversed });
    expect(ordered.rotation.map((x) => x.id)).toEqual(reversed);
    expect(await rotationIds()).toEqual(reversed);
    const partial = await kit.call<ErrorBody>(curator, "PUT", "/api/admin/radio/rotation", { ids: reversed.slice(1) });
    expect([partial.status, partial.body.error.code]).toEqual([409, "ROTATION_CHANGED"]);
    expect(await rotationIds()).toEqual(reversed);
    expect((await auditOf(a.id)).map((x) => x.action)).toEqual(["track.feature", "track.unfeature"]);
  });

  it("refuses every write to a member, a creator and a visitor, changing nothing", async () => {
    const maker = await kit.creator("Lio");
    const track = await insertTrack(world.t, { creatorId: maker.creatorId!, title: "Not Yours" });
    const before = await world.t.database.db.selectFrom("track").selectAll().where("id", "=", track.id).executeTakeFirstOrThrow();
    for (const who of [await kit.person("member"), maker, null]) {
      for (const [method, path, body] of [
        ["GET", "/api/admin/radio", undefined],
        ["POST", `/api/admin/radio/tracks/${track.id}/approve`, undefined],
        ["POST", `/api/admin/radio/tracks/${track.id}/decline`, { note: "no" }],
        ["POST", `/api/admin/radio/tracks/${track.id}/feature`, { featured: true }],
        ["PUT", "/api/admin/radio/rotation", { ids: [track.id] }],
      ] as const) {
        const res = await kit.call(who, method, path, body);
        expect([401, 403], `${method} ${path} as ${who?.email ?? "a visitor"}`).toContain(res.status);
      }
    }
    expect(await world.t.database.db.selectFrom("track").selectAll().where("id", "=", track.id).executeTakeFirstOrThrow()).toEqual(before);
    expect(await auditOf(track.id)).toEqual([]);
  });
});

/** Rows of uploaded images (the `media` table); their variants live in the media store (server/media). */
import { randomBytes } from "node:crypto";
import type { Insertable, Selectable } from "kysely";
import type { Db } from "../../db/client.js";
import type { MediaTable } from "../../db/types.js";
import type { MediaView } from "../../media/image-view.js";
import { ADMIN_AREAS, hasRole } from "../../../common/roles.js";

export type MediaRow = Selectable<MediaTable>;

const VIEW = ["id", "hash", "width", "height", "placeholder", "widths"] as const;

/**
 * Whether the user may upload images: a creator (for stories, a profile, products) or an admin
 * (for the house's products, whose form is the studio's).
 */
export async function mayUploadMedia(database: Db, userId: string): Promise<boolean> {
  const row = await database.db.selectFrom("user").select(["creator_id", "role"]).where("id", "=", userId).executeTakeFirst();
  return row !== undefined && (row.creator_id !== null || hasRole(row.role, ADMIN_AREAS.products));
}

/** Any stored image with this content hash: an identical upload reuses its variants. */
export async function findMediaByHash(database: Db, hash: string): Promise<MediaView | undefined> {
  return database.db.selectFrom("media").select(VIEW).where("hash", "=", hash).orderBy("created_at", "desc").limit(1).executeTakeFirst();
}

/**
 * An image the user uploaded, as a story's cover or a profile's avatar may name it; undefined for
 * an unknown id or someone else's image (the studio answers both the same).
 */
export async function findOwnMedia(database: Db, ownerId: string, id: string): Promise<MediaView | undefined> {
  return database.db.selectFrom("media").select(VIEW).where("id", "=", id).where("owner_id", "=", ownerId).executeTakeFirst();
}

export function newMediaId(): string {
  return `m_${randomBytes(12).toString("base64url").replace(/[-_]/g, "x")}`;
}

export async function insertMediaRow(database: Db, row: Insertable<MediaTable>): Promise<MediaView> {
  await database.db.insertInto("media").values(row).execute();
  return { id: row.id, hash: row.hash, width: row.width, height: row.height, placeholder: row.placeholder, widths: row.widths };
}

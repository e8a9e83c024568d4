/**
 * One place that builds and inserts every kind of row, for the seed, the API tests, the browser
 * tests, the reliability suite and the benchmarks (ARCHITECTURE.md §3). Each `buildX` turns a few
 * overrides into a complete row with unique defaults; each `insertX` writes one or many of them.
 *
 * What a row must hold whoever writes it is decided here, once:
 * - `search_text` is always the real fold of the row's fields (server/search/search-text.ts, decision 0011);
 *   callers cannot set it, so it can no longer drift from what the app writes.
 * - Booleans go in as the driver binds them (boolValue: 1/0 for better-sqlite3, true/false for pg).
 * - A timestamp given as a Date is written as canonical ISO text (…T12:00:00.000Z), which sorts
 *   correctly as text in SQLite; a string is written as given, so a test can store microseconds
 *   that PostgreSQL keeps.
 *
 * No test framework is imported, so Vitest, Playwright, the seed and the benchmarks all use it.
 */
import { createHash, randomBytes, randomUUID } from "node:crypto";
import { hashPassword } from "better-auth/crypto";
import type { Insertable, InsertObject, Kysely } from "kysely";
import { summarizeCart } from "../../../common/cart.js";
import type { CheckoutInput } from "../../../common/checkout.js";
import type { ArtDiscipline } from "../../../common/creator-fields.js";
import { CreatorApplicationSchema, creatorIdBase, type CreatorApplicationInput } from "../../../common/creator-schemas.js";
import { creatorSearchText, productSearchText, storySearchText } from "../../search/search-text.js";
import { newOrderId } from "../../../common/orders.js";
import { SIZES, variantIdOf, type Size } from "../../../common/sizes.js";
import type { Db } from "../client.js";
import { boolValue, writeTransaction, type DialectName } from "../dialect.js";
import type {
  AccountTable,
  CartItemTable,
  CreatorDisciplineTable,
  CreatorStoryTable,
  CreatorTable,
  Database,
  FavoriteTable,
  MediaTable,
  OrderItemTable,
  OrderTable,
  ProductTable,
  ProductStoryTable,
  ProductVariantTable,
  StoryTable,
  UserTable,
  ReportTable,
  AuditLogTable,
} from "../types.js";

/** Where rows go: the app's database, or the same database inside a caller's transaction. */
export type FactoryTarget = Pick<Db, "db" | "dialect">;

/** Complete rows as inserted: every column present, the insert types of types.ts. */
export type StoryRow = Required<Insertable<StoryTable>>;
export type ProductRow = Required<Insertable<ProductTable>>;
export type VariantRow = Required<Insertable<ProductVariantTable>>;
export type ProductStoryRow = Insertable<ProductStoryTable>;
export type CreatorRow = Required<Insertable<CreatorTable>>;
export type CreatorDisciplineRow = Insertable<CreatorDisciplineTable>;
export type CreatorStoryRow = Insertable<CreatorStoryTable>;
export type UserRow = Required<Insertable<UserTable>>;
export type AccountRow = Required<Insertable<AccountTable>>;
export type CartItemRow = Required<Insertable<CartItemTable>>;
export type FavoriteRow = Required<Insertable<FavoriteTable>>;
export type OrderRow = Required<Insertable<OrderTable>>;
export type OrderItemRow = Insertable<OrderItemTable>;
export type MediaRow = Required<Insertable<MediaTable>>;
export type ReportRow = Required<Insertable<ReportTable>>;
export type AuditLogRow = Required<Insertable<AuditLogTable>>;

/**
 * What a caller may set: any column but the computed ones, booleans as booleans (the builder
 * binds them for the dialect), and the columns in `Needed` required (links to other rows).
 */
type Overrides<
  Row,
  Computed extends keyof Row = never,
  Booleans extends keyof Row = never,
  Needed extends keyof Row = never,
> = Partial<Omit<Row, Computed | Booleans>> & { [K in Booleans]?: boolean } & { [K in Needed]-?: Row[K] };

export type StoryOverrides = Overrides<Insertable<StoryTable>, "search_text">;
export type ProductOverrides = Overrides<Insertable<ProductTable>, "search_text" | "stock", "limited_edition"> & {
  /** The one stock of a product without sizes (10 by default). */
  stock?: number;
  /** A product sold in sizes: each size's stock, written in the sizes' order; `stock` is then their sum. */
  sizes?: Partial<Record<Size, number>>;
  /** Every story it belongs to, lead first (product_story rows); by default its `story_id` alone. */
  stories?: readonly string[];
};
/** A product's row, its variants (a size each, or the one default variant) and its stories. */
export type ProductRows = ProductRow & { variants: VariantRow[]; stories: ProductStoryRow[] };
export type CreatorOverrides = Overrides<Insertable<CreatorTable>, "search_text", "approved"> & {
  /** creator_discipline rows. */
  disciplines?: readonly string[];
  /** Ids of the stories the creator is featured in (creator_story rows). */
  stories?: readonly string[];
};
export type CreatorApplicationOverrides = Partial<CreatorApplicationInput> & {
  /** The stored id; by default `first_last` as an application gets it (without a clash suffix). */
  id?: string;
  /** The signed-in applicant, who is marked as this creator. */
  user_id?: string | null;
  joined?: Date | string;
};
export type UserOverrides = Overrides<Insertable<UserTable>, never, "email_verified" | "subscribed"> & {
  /** The password the account signs in with. */
  password?: string;
};
export type CartItemOverrides = Overrides<Insertable<CartItemTable>, never, never, "user_id" | "product_id">;
export type FavoriteOverrides = Overrides<Insertable<FavoriteTable>, never, never, "user_id" | "item_id">;
export type MediaOverrides = Overrides<Insertable<MediaTable>, never, never, "owner_id">;
export type ReportOverrides = Overrides<Insertable<ReportTable>, never, never, "reporter_id" | "kind" | "item_id">;
export type AuditLogOverrides = Overrides<Insertable<AuditLogTable>, never, never, "actor_id" | "action" | "target_kind" | "target_id">;
export type OrderLineOverrides = Overrides<Insertable<OrderItemTable>, "order_id", never, "product_id">;
export type OrderOverrides = Overrides<Insertable<OrderTable>, "subtotal_cents" | "shipping_cents" | "total_cents", never, "user_id"> & {
  /** The order's lines; the totals are computed from them as checkout does. */
  lines?: readonly OrderLineOverrides[];
};

/** A creator with its link rows. */
export interface CreatorRows {
  creator: CreatorRow;
  disciplines: CreatorDisciplineRow[];
  stories: CreatorStoryRow[];
}
/** A Better Auth user with the password account it signs in with. */
export interface UserRows {
  user: UserRow;
  account: AccountRow;
  /** The plain password, for signing in. */
  password: string;
}
export interface OrderRows {
  order: OrderRow;
  items: OrderItemRow[];
}

// ---------------------------------------------------------------------------------- defaults

/** Tells this process's default ids and emails from another's writing to the same database (e2e workers). */
const RUN = randomBytes(4).toString("hex");
let sequence = 0;
const nextNumber = () => ++sequence;

let lastStamp = 0;
/**
 * Now, but always after the previous default: rows built one after another by default never share
 * a timestamp, so lists ordered newest first show them in a fixed order on both databases.
 */
function defaultStamp(): string {
  lastStamp = Math.max(Date.now(), lastStamp + 1);
  return new Date(lastStamp).toISOString();
}

function timestamp(value: Date | string): string {
  return value instanceof Date ? value.toISOString() : value;
}

function optionalTimestamp(value: Date | string | null): string | null {
  return value === null ? null : timestamp(value);
}

/** The curation columns of a story, product or creator: not featured, not hidden by default. */
function curation(o: { featured_rank?: number | null; hidden_at?: Date | string | null }) {
  return { featured_rank: o.featured_rank ?? null, hidden_at: optionalTimestamp(o.hidden_at ?? null) };
}

/** The default password of users built here; hashed once per process (hashing takes tens of ms). */
export const DEFAULT_PASSWORD = "correct horse battery";
const hashes = new Map<string, Promise<string>>();
/** Better Auth's own hash (scrypt, random salt); one hash per password serves every user built with it. */
function passwordHash(password: string): Promise<string> {
  let hash = hashes.get(password);
  if (!hash) {
    hash = hashPassword(password);
    hashes.set(password, hash);
  }
  return hash;
}

/** A Better Auth style id: 32 letters and digits. */
function authId(): string {
  return randomBytes(24).toString("base64url").replace(/[-_]/g, "x").slice(0, 32);
}

/**
 * An address checkout accepts: the orders built here ship to it, and the orders tests check out
 * with it, so both describe one buyer.
 */
export const SAMPLE_ADDRESS = {
  email: "ada@example.com",
  name: "Ada Buyer",
  address_line1: "12 Main Street",
  address_line2: "Apt 3",
  city: "Springfield",
  state: "IL",
  zip: "62701",
  phone: "+1 (555) 010-0101",
} as const satisfies CheckoutInput;

// ---------------------------------------------------------------------------------- builders

export function buildStory(dialect: DialectName, o: StoryOverrides = {}): StoryRow {
  const n = nextNumber();
  const created_at = timestamp(o.created_at ?? defaultStamp());
  const row = {
    id: o.id ?? `story-${RUN}-${n}`,
    title: o.title ?? `Sample story ${n}`,
    description: o.description ?? "A story told for the sample content.",
    city: o.city ?? "Chicago",
    date: o.date === undefined ? created_at : optionalTimestamp(o.date),
    image_url: o.image_url === undefined ? null : o.image_url,
    created_at,
    creator_id: o.creator_id ?? null,
    body: o.body ?? "",
    status: o.status ?? "published",
    version: o.version ?? 1,
    cover_media_id: o.cover_media_id ?? null,
    updated_at: timestamp(o.updated_at ?? created_at),
    published_at: (o.status ?? "published") === "published" ? timestamp(o.published_at ?? created_at) : null,
    comments_open: boolValue(dialect, o.comments_open === undefined ? true : Boolean(o.comments_open)),
    comment_count: o.comment_count ?? 0,
    ...curation(o),
  };
  return { ...row, search_text: storySearchText(row) };
}

export function buildProduct(dialect: DialectName, o: ProductOverrides = {}): ProductRows {
  const n = nextNumber();
  const id = o.id ?? `product-${RUN}-${n}`;
  const sized = SIZES.filter((size) => o.sizes?.[size] !== undefined);
  const variants: VariantRow[] =
    sized.length > 0
      ? sized.map((size, position) => ({ id: variantIdOf(id, size), product_id: id, size, stock: o.sizes![size]!, position, retired: boolValue(dialect, false) }))
      : [{ id, product_id: id, size: null, stock: o.stock ?? 10, position: 0, retired: boolValue(dialect, false) }];
  const row = {
    id,
    kind: o.kind ?? "artifact",
    category: o.category ?? "art",
    title: o.title ?? `Sample product ${n}`,
    description: o.description ?? "Made for the sample catalogue.",
    price_cents: o.price_cents ?? 1500,
    stock: variants.reduce((sum, v) => sum + v.stock, 0),
    limited_edition: boolValue(dialect, o.limited_edition ?? false),
    image_url: o.image_url === undefined ? null : o.image_url,
    story_id: o.stories ? (o.stories[0] ?? null) : (o.story_id ?? null),
    created_at: timestamp(o.created_at ?? defaultStamp()),
    creator_id: o.creator_id ?? null,
    drops_at: o.drops_at == null ? null : timestamp(o.drops_at),
    limit_per_buyer: o.limit_per_buyer ?? null,
    status: o.status ?? "published",
    version: o.version ?? 1,
    updated_at: o.updated_at == null ? null : timestamp(o.updated_at),
    edition_size: o.edition_size ?? null,
    editions_numbered: o.editions_numbered ?? 0,
    ...curation(o),
  };
  const storyIds = o.stories ?? (row.story_id ? [row.story_id] : []);
  const stories = storyIds.map((story_id, position) => ({ product_id: id, story_id, position }));
  return { ...row, search_text: productSearchText(row), variants, stories };
}

export function buildCreator(dialect: DialectName, o: CreatorOverrides = {}): CreatorRows {
  const n = nextNumber();
  const id = o.id ?? `creator_${RUN}_${n}`;
  const row = {
    id,
    first_name: o.first_name ?? "Sam",
    last_name: o.last_name ?? `Maker ${n}`,
    email: o.email ?? `${id}@example.com`,
    bio: o.bio ?? "Makes things by hand.",
    city: o.city ?? "Chicago",
    state: o.state ?? "IL",
    instagram: o.instagram ?? "",
    website: o.website ?? "",
    image_url: o.image_url ?? "",
    approved: boolValue(dialect, o.approved ?? true),
    joined: timestamp(o.joined ?? defaultStamp()),
    user_id: o.user_id === undefined ? null : o.user_id,
    avatar_media_id: o.avatar_media_id ?? null,
    ...curation(o),
    suspended_at: optionalTimestamp(o.suspended_at ?? null),
  };
  return {
    creator: { ...row, search_text: creatorSearchText(row) },
    disciplines: (o.disciplines ?? ["visual_art"]).map((discipline) => ({ creator_id: id, discipline })),
    stories: (o.stories ?? []).map((story_id) => ({ creator_id: id, story_id })),
  };
}

/**
 * A creator as an application stores it (features/creators createCreator): the form's values
 * normalised by the form's own schema (capitalised names, lower-cased email, the city in the state
 * list's spelling…), approved at once, its art types as disciplines. Invalid values throw.
 */
export function buildCreatorApplication(dialect: DialectName, o: CreatorApplicationOverrides = {}): CreatorRows {
  const n = nextNumber();
  const { id, user_id = null, joined, ...input } = o;
  const application = CreatorApplicationSchema.parse({
    first_name: "Avery",
    last_name: `Applicant ${RUN}${n}`,
    email: `applicant-${RUN}-${n}@example.com`,
    bio: "Paints murals on shop shutters.",
    state: "IL",
    city: "Chicago",
    art_type: ["visual_art"] satisfies ArtDiscipline[],
    ...input,
  });
  const { art_type, ...fields } = application;
  return buildCreator(dialect, {
    ...fields,
    id: id ?? creatorIdBase(application.first_name, application.last_name),
    approved: true,
    user_id,
    joined,
    disciplines: art_type,
  });
}

/** Async: the password is hashed as Better Auth hashes it, so the user can sign in. */
export async function buildUser(dialect: DialectName, o: UserOverrides = {}): Promise<UserRows> {
  const n = nextNumber();
  const password = o.password ?? DEFAULT_PASSWORD;
  const id = o.id ?? authId();
  const created_at = timestamp(o.created_at ?? defaultStamp());
  const username = o.username ?? `user${RUN}${n}`;
  const user: UserRow = {
    id,
    // Better Auth's name is the username (features/auth forwards it so) and its emails lower case.
    name: o.name ?? username,
    email: (o.email ?? `${username}@example.com`).toLowerCase(),
    email_verified: boolValue(dialect, o.email_verified ?? false),
    image: o.image === undefined ? null : o.image,
    created_at,
    updated_at: timestamp(o.updated_at ?? created_at),
    username,
    phone: o.phone ?? "+1 (555) 010-0000",
    subscribed: boolValue(dialect, o.subscribed ?? true),
    creator_id: o.creator_id === undefined ? null : o.creator_id,
    role: o.role ?? "member",
    newsletter_since: o.newsletter_since === undefined ? null : o.newsletter_since,
    follow_mail: o.follow_mail ?? "instant",
    comment_mail: boolValue(dialect, o.comment_mail === undefined ? true : Boolean(o.comment_mail)),
  };
  const account: AccountRow = {
    id: authId(),
    account_id: id,
    provider_id: "credential",
    user_id: id,
    access_token: null,
    refresh_token: null,
    id_token: null,
    access_token_expires_at: null,
    refresh_token_expires_at: null,
    scope: null,
    password: await passwordHash(password),
    created_at,
    updated_at: created_at,
  };
  return { user, account, password };
}

export function buildCartItem(_dialect: DialectName, o: CartItemOverrides): CartItemRow {
  return {
    user_id: o.user_id,
    product_id: o.product_id,
    variant_id: o.variant_id ?? o.product_id,
    quantity: o.quantity ?? 1,
    created_at: timestamp(o.created_at ?? defaultStamp()),
  };
}

export function buildFavorite(_dialect: DialectName, o: FavoriteOverrides): FavoriteRow {
  return {
    user_id: o.user_id,
    kind: o.kind ?? "product",
    item_id: o.item_id,
    created_at: timestamp(o.created_at ?? defaultStamp()),
  };
}

/**
 * An uploaded image's row as the upload writes it (features/media uploadImage): a content hash of
 * its own by default, the four widths of a landscape photo, a real ThumbHash. Its variants are not
 * stored by this; tests that serve them put them in the media store.
 */
export function buildMedia(_dialect: DialectName, o: MediaOverrides): MediaRow {
  const n = nextNumber();
  return {
    id: o.id ?? `m_${RUN}${n}`,
    owner_id: o.owner_id,
    hash: o.hash ?? createHash("sha256").update(`media-${RUN}-${n}`).digest("hex").slice(0, 32),
    width: o.width ?? 1600,
    height: o.height ?? 1200,
    placeholder: o.placeholder ?? "WxgBBQBraYh3d4gIiId4eAmHB3uH",
    widths: o.widths ?? "[320,640,1024,1600]",
    bytes: o.bytes ?? 250_000,
    created_at: timestamp(o.created_at ?? defaultStamp()),
    orphaned_at: o.orphaned_at === undefined ? null : optionalTimestamp(o.orphaned_at),
  };
}

/** A report as POST /api/reports stores it: open, the first reason, no note. */
export function buildReport(_dialect: DialectName, o: ReportOverrides): ReportRow {
  const n = nextNumber();
  return {
    id: o.id ?? `rep_${RUN}${n}`,
    reporter_id: o.reporter_id,
    kind: o.kind,
    item_id: o.item_id,
    reason: o.reason ?? "spam",
    note: o.note ?? "",
    status: o.status ?? "open",
    created_at: timestamp(o.created_at ?? defaultStamp()),
    resolved_at: optionalTimestamp(o.resolved_at ?? null),
    resolved_by: o.resolved_by ?? null,
    resolution_note: o.resolution_note ?? "",
  };
}

/** An audit log entry as the back office writes it (features/admin/audit/audit.service.ts). */
export function buildAuditEntry(_dialect: DialectName, o: AuditLogOverrides): AuditLogRow {
  const n = nextNumber();
  return {
    id: o.id ?? `aud_${RUN}${n}`,
    created_at: timestamp(o.created_at ?? defaultStamp()),
    actor_id: o.actor_id,
    actor_email: o.actor_email ?? "",
    action: o.action,
    target_kind: o.target_kind,
    target_id: o.target_id,
    before: o.before ?? null,
    after: o.after ?? null,
    note: o.note ?? "",
  };
}

/**
 * An order with its lines, as checkout writes it (features/orders placeOrder): the totals from the
 * lines with the flat shipping, invoice payment due, the same time for created_at and updated_at.
 * The lines' titles and prices are the snapshot the order keeps; they are not read from products.
 */
export function buildOrder(_dialect: DialectName, o: OrderOverrides): OrderRows {
  const id = o.id ?? newOrderId();
  const items = (o.lines ?? []).map((line, i) => ({
    order_id: id,
    product_id: line.product_id,
    variant_id: line.variant_id ?? line.product_id,
    size: line.size ?? null,
    edition_from: line.edition_from ?? null,
    edition_of: line.edition_of ?? null,
    title: line.title ?? `Sample item ${i + 1}`,
    price_cents: line.price_cents ?? 1000,
    quantity: line.quantity ?? 1,
  }));
  const totals = summarizeCart(items);
  const created_at = timestamp(o.created_at ?? defaultStamp());
  const order: OrderRow = {
    id,
    user_id: o.user_id,
    status: o.status ?? "placed",
    subtotal_cents: totals.subtotal_cents,
    shipping_cents: totals.shipping_cents,
    total_cents: totals.total_cents,
    created_at,
    updated_at: timestamp(o.updated_at ?? created_at),
    contact_email: o.contact_email ?? SAMPLE_ADDRESS.email,
    shipping_name: o.shipping_name ?? SAMPLE_ADDRESS.name,
    address_line1: o.address_line1 ?? SAMPLE_ADDRESS.address_line1,
    address_line2: o.address_line2 ?? SAMPLE_ADDRESS.address_line2,
    city: o.city ?? SAMPLE_ADDRESS.city,
    state: o.state ?? SAMPLE_ADDRESS.state,
    zip: o.zip ?? SAMPLE_ADDRESS.zip,
    phone: o.phone ?? SAMPLE_ADDRESS.phone,
    idempotency_key: o.idempotency_key === undefined ? randomUUID() : o.idempotency_key,
    payment_method: o.payment_method ?? "invoice",
    payment_status: o.payment_status ?? "due",
    paid_at: optionalTimestamp(o.paid_at ?? null),
    shipped_at: optionalTimestamp(o.shipped_at ?? null),
    delivered_at: optionalTimestamp(o.delivered_at ?? null),
    closed_at: optionalTimestamp(o.closed_at ?? null),
    carrier: o.carrier ?? null,
    tracking_number: o.tracking_number ?? null,
  };
  return { order, items };
}

// ---------------------------------------------------------------------------------- inserts

/**
 * Rows per INSERT statement: 500 rows of the widest table (order, 20 columns) bind 10,000
 * parameters, well within SQLite's 32,766 and PostgreSQL's 65,535.
 */
const CHUNK = 500;

/** Connections inside a write transaction begun here (SQLite's is a plain connection, not a Kysely transaction). */
const writing = new WeakSet<Kysely<Database>>();

/**
 * Runs `work` in one transaction: the caller's, when the target already is one, else a new write
 * transaction as the server's own writes take it (dialect.ts writeTransaction: BEGIN IMMEDIATE on
 * SQLite), so rows arranged beside a running server wait for its commits instead of failing.
 */
function atomically<T>(target: FactoryTarget, work: (db: Kysely<Database>) => Promise<T>): Promise<T> {
  if (target.db.isTransaction || writing.has(target.db)) return work(target.db);
  return writeTransaction(target.db, target.dialect, (db) => {
    writing.add(db);
    return work(db);
  });
}

/**
 * Runs `work` with a target inside one transaction, committed when it returns: many insertX calls
 * (the seed, the benchmark's 100,000 products) then cost one commit instead of one each.
 */
export function withTransaction<T>(database: FactoryTarget, work: (trx: FactoryTarget) => Promise<T>): Promise<T> {
  return atomically(database, (db) => work({ db, dialect: database.dialect }));
}

async function insertChunks<T extends keyof Database & string>(db: Kysely<Database>, table: T, rows: readonly InsertObject<Database, T>[]) {
  for (let i = 0; i < rows.length; i += CHUNK) {
    await db.insertInto(table).values(rows.slice(i, i + CHUNK)).execute();
  }
}

/** insertX: one override (or none) inserts one row and gives it back; an array inserts and gives many. */
export interface Inserter<O, R> {
  (target: FactoryTarget, overrides: readonly O[]): Promise<R[]>;
  (target: FactoryTarget, ...overrides: Partial<O> extends O ? [O?] : [O]): Promise<R>;
}

const isPromise = <R>(value: R | Promise<R>): value is Promise<R> => value instanceof Promise;

/**
 * An insertX from a builder and a writer of built rows: builds every row first (so a bad override
 * throws before anything is written), then writes them all in one transaction.
 */
function inserter<O, R>(
  build: (dialect: DialectName, overrides: O) => R | Promise<R>,
  write: (db: Kysely<Database>, rows: R[]) => Promise<void>,
): Inserter<O, R> {
  async function insert(target: FactoryTarget, overrides?: O | readonly O[]): Promise<R | R[]> {
    const list = Array.isArray(overrides) ? (overrides as readonly O[]) : [(overrides ?? {}) as O];
    const built = list.map((one) => build(target.dialect, one));
    // Only users build asynchronously (password hashing); the bulk kinds skip a promise per row.
    const rows = built.some(isPromise) ? await Promise.all(built) : (built as R[]);
    if (rows.length > 0) await atomically(target, (db) => write(db, rows));
    return Array.isArray(overrides) ? rows : rows[0]!;
  }
  return insert as Inserter<O, R>;
}

export const insertStory = inserter(buildStory, (db, rows) => insertChunks(db, "story", rows));

export const insertProduct = inserter(buildProduct, async (db, rows) => {
  await insertChunks(db, "product", rows.map(({ variants: _variants, stories: _stories, ...row }) => row));
  await insertChunks(db, "product_variant", rows.flatMap((r) => r.variants));
  await insertChunks(db, "product_story", rows.flatMap((r) => r.stories));
});

async function writeCreators(db: Kysely<Database>, rows: CreatorRows[]) {
  // Creators first, then their links, chunk by chunk: the links' foreign keys find their creator.
  for (let i = 0; i < rows.length; i += CHUNK) {
    const chunk = rows.slice(i, i + CHUNK);
    await insertChunks(db, "creator", chunk.map((r) => r.creator));
    await insertChunks(db, "creator_discipline", chunk.flatMap((r) => r.disciplines));
    await insertChunks(db, "creator_story", chunk.flatMap((r) => r.stories));
  }
}

export const insertCreator = inserter(buildCreator, writeCreators);

/**
 * Stores applications as createCreator does, and marks each signed-in applicant's user as that
 * creator, as the application endpoint does next (linkUserToCreator).
 */
export const insertCreatorApplication = inserter(buildCreatorApplication, async (db, rows) => {
  await writeCreators(db, rows);
  for (const { creator } of rows) {
    if (creator.user_id === null) continue;
    await db.updateTable("user").set({ creator_id: creator.id, updated_at: creator.joined }).where("user.id", "=", creator.user_id).execute();
  }
});

export const insertUser = inserter(buildUser, async (db, rows) => {
  await insertChunks(db, "user", rows.map((r) => r.user));
  await insertChunks(db, "account", rows.map((r) => r.account));
});

export const insertMedia = inserter(buildMedia, (db, rows) => insertChunks(db, "media", rows));

export const insertReport = inserter(buildReport, (db, rows) => insertChunks(db, "report", rows));

export const insertAuditEntry = inserter(buildAuditEntry, (db, rows) => insertChunks(db, "audit_log", rows));

export const insertCartItem = inserter(buildCartItem, (db, rows) => insertChunks(db, "cart_item", rows));

export const insertFavorite = inserter(buildFavorite, (db, rows) => insertChunks(db, "favorite", rows));

export const insertOrder = inserter(buildOrder, async (db, rows) => {
  await insertChunks(db, "order", rows.map((r) => r.order));
  await insertChunks(db, "order_item", rows.flatMap((r) => r.items));
});

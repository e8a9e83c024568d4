/**
 * Table shapes as Kysely sees them. Timestamps come back as ISO strings from SQLite and as Date
 * from PostgreSQL, booleans as 0/1 from SQLite; `dialect.ts` normalises both at the edge.
 */
import type { ColumnType } from "kysely";
import type { FavoriteKind } from "../../common/api/favorites.js";
import type { ProductCategory, ProductKind } from "../../common/api/catalog.js";
import type { OrderStatus, PaymentMethod, PaymentStatus } from "../../common/orders.js";
import type { Carrier } from "../../common/fulfilment.js";
import type { StoryStatus } from "../../common/api/studio.js";
import type { Role } from "../../common/roles.js";
import type { ReportKind, ReportStatus } from "../../common/reports.js";
import type { PlayOutcome, TrackStatus } from "../../common/radio.js";
import type { FollowMail } from "../../common/follows.js";

type Timestamp = ColumnType<Date | string, Date | string, Date | string>;
/** A timestamp the database fills in when an insert leaves it out. */
type DefaultedTimestamp = ColumnType<Date | string, Date | string | undefined, Date | string>;
type Bool = ColumnType<boolean | number, boolean | number, boolean | number>;
/** A timestamp column that may be null, left out of inserts (0007 and later). */
type OptionalTimestamp = ColumnType<Date | string | null, Date | string | null | undefined, Date | string | null>;
type OptionalText = ColumnType<string | null, string | null | undefined, string | null>;
type OptionalInteger = ColumnType<number | null, number | null | undefined, number | null>;

/** Curation columns of story, product and creator (0007). */
interface Curated {
  /** Featured, lowest first; null when not featured. */
  featured_rank: OptionalInteger;
  /** Set while a curator keeps the item off the site. */
  hidden_at: OptionalTimestamp;
}

export interface UserTable {
  id: string;
  name: string;
  email: string;
  email_verified: Bool;
  image: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
  username: string;
  phone: string;
  subscribed: Bool;
  creator_id: string | null;
  role: ColumnType<Role, Role | undefined, Role>;
  /** When the account agreed to the newsletter; null: not subscribed (0010). */
  newsletter_since: OptionalTimestamp;
  /** How the account hears of new work by creators it follows (0016). */
  follow_mail: ColumnType<FollowMail, FollowMail | undefined, FollowMail>;
  /** E-mail about comments on the member's stories and replies to their comments (0020). */
  comment_mail: ColumnType<boolean | number, boolean | number | undefined, boolean | number>;
}

export type { FollowMail };

export interface SessionTable {
  id: string;
  expires_at: Timestamp;
  token: string;
  created_at: Timestamp;
  updated_at: Timestamp;
  ip_address: string | null;
  user_agent: string | null;
  user_id: string;
}

export interface AccountTable {
  id: string;
  account_id: string;
  provider_id: string;
  user_id: string;
  access_token: string | null;
  refresh_token: string | null;
  id_token: string | null;
  access_token_expires_at: Timestamp | null;
  refresh_token_expires_at: Timestamp | null;
  scope: string | null;
  password: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface VerificationTable {
  id: string;
  identifier: string;
  value: string;
  expires_at: Timestamp;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface StoryTable extends Curated {
  id: string;
  title: string;
  description: string;
  city: string;
  date: Timestamp | null;
  image_url: string | null;
  /** Folded title and description (search/search-text.ts), written by the app with every row. */
  search_text: string;
  created_at: DefaultedTimestamp;
  /** The author; null for the sample stories. */
  creator_id: ColumnType<string | null, string | null | undefined, string | null>;
  /** Markdown; "" for a story without a page of its own (the sample stories: 'Coming Soon'). */
  body: ColumnType<string, string | undefined, string>;
  status: ColumnType<StoryStatus, StoryStatus | undefined, StoryStatus>;
  /** Raised by every save; a save naming an older version is refused (409). */
  version: ColumnType<number, number | undefined, number>;
  cover_media_id: ColumnType<string | null, string | null | undefined, string | null>;
  updated_at: ColumnType<Date | string | null, Date | string | null | undefined, Date | string | null>;
  published_at: ColumnType<Date | string | null, Date | string | null | undefined, Date | string | null>;
  /** The author's switch for comments (0020). */
  comments_open: ColumnType<boolean | number, boolean | number | undefined, boolean | number>;
  /** Comments the public sees, replies included, kept with each write (0020). */
  comment_count: ColumnType<number, number | undefined, number>;
}

export type { ProductCategory, ProductKind };
export type ProductStatus = "draft" | "published" | "archived";

/** An uploaded image; its variants are in media storage under `hash` (server/media). */
export interface MediaTable {
  id: string;
  owner_id: string;
  hash: string;
  width: number;
  height: number;
  placeholder: string;
  /** JSON array of the stored widths, ascending. */
  widths: string;
  bytes: number;
  created_at: Timestamp;
  orphaned_at: ColumnType<Date | string | null, Date | string | null | undefined, Date | string | null>;
}

export interface ProductTable extends Curated {
  id: string;
  kind: ProductKind;
  category: ProductCategory;
  title: string;
  description: string;
  price_cents: number;
  stock: number;
  limited_edition: Bool;
  image_url: string | null;
  story_id: string | null;
  /** Folded title and description (search/search-text.ts), written by the app with every row. */
  search_text: string;
  created_at: DefaultedTimestamp;
  /** Who sells it (the creator page lists it); null for products of the house. */
  creator_id: ColumnType<string | null, string | null | undefined, string | null>;
  /** When a scheduled drop opens for sale (0012); null: on sale while public. */
  drops_at: OptionalTimestamp;
  /** At most this many units to one account over its orders not cancelled (0012); null: no limit. */
  limit_per_buyer: OptionalInteger;
  /** Only a published product is public (0012); creators keep drafts in the studio. */
  status: ColumnType<ProductStatus, ProductStatus | undefined, ProductStatus>;
  /** Raised by every studio write, for optimistic concurrency (0012). */
  version: ColumnType<number, number | undefined, number>;
  /** The last studio write (0012); null for products never edited there. */
  updated_at: OptionalTimestamp;
  /** An art edition's size ("Edition of 25", 0013); null: not numbered. */
  edition_size: OptionalInteger;
  /** The last edition number handed out (0013); each unit sold takes the next. */
  editions_numbered: ColumnType<number, number | undefined, number>;
}

/** What a buyer picks and stock is counted on (0013): a size, or the one default without a size (id = the product's). */
export interface ProductVariantTable {
  id: string;
  product_id: string;
  size: ColumnType<string | null, string | null | undefined, string | null>;
  stock: number;
  position: ColumnType<number, number | undefined, number>;
  /** A size the seller took away: kept for the orders that name it, never sold again. */
  retired: ColumnType<boolean | number, boolean | number | undefined, boolean | number>;
}

/** A product's uploaded pictures in the seller's order (0014); position 0 is the cover. */
export interface ProductImageTable {
  product_id: string;
  media_id: string;
  position: number;
}

/** The stories a product belongs to (0014), in the seller's order; the first is its lead story (`product.story_id`). */
export interface ProductStoryTable {
  product_id: string;
  story_id: string;
  position: number;
}

export interface CreatorTable extends Curated {
  /** The creator_id of the spec: `first_last` lowercased, `-2`, `-3`… on a clash. */
  id: string;
  first_name: string;
  last_name: string;
  email: string;
  bio: string;
  city: string;
  state: string;
  instagram: string;
  website: string;
  image_url: string;
  approved: Bool;
  joined: DefaultedTimestamp;
  user_id: string | null;
  avatar_media_id: ColumnType<string | null, string | null | undefined, string | null>;
  /** Set while the creator is suspended: their profile, stories and products leave the site. */
  suspended_at: OptionalTimestamp;
  /** Folded full name, bio and city (search/search-text.ts), written by the app with every row. */
  search_text: string;
}

/** A fan's account follows a creator (0015). */
export interface FollowTable {
  user_id: string;
  creator_id: string;
  created_at: DefaultedTimestamp;
}

export interface CreatorDisciplineTable {
  creator_id: string;
  discipline: string;
}

export interface CreatorStoryTable {
  creator_id: string;
  story_id: string;
}

export interface CartItemTable {
  user_id: string;
  product_id: string;
  /** One line per variant (0013): the same tee in M and in L is two lines. */
  variant_id: string;
  quantity: number;
  created_at: DefaultedTimestamp;
}

export type { FavoriteKind };

export interface FavoriteTable {
  user_id: string;
  kind: FavoriteKind;
  item_id: string;
  created_at: DefaultedTimestamp;
}

export interface OrderTable {
  /** The order number the buyer sees, e.g. MB-7K2Q9XDM. */
  id: string;
  /** Null once the buyer deleted their account (0009): the order stays for the shop's accounts. */
  user_id: string | null;
  status: OrderStatus;
  subtotal_cents: number;
  shipping_cents: number;
  total_cents: number;
  created_at: DefaultedTimestamp;
  contact_email: string;
  shipping_name: string;
  address_line1: string;
  address_line2: string;
  city: string;
  state: string;
  zip: string;
  phone: string;
  /** The client's Idempotency-Key; unique per user. Null only for orders made before 0004. */
  idempotency_key: string | null;
  payment_method: PaymentMethod;
  /** "refunded" is never stored: a refunded order keeps "paid" and its status says refunded. */
  payment_status: Exclude<PaymentStatus, "refunded">;
  updated_at: Timestamp;
  paid_at: OptionalTimestamp;
  shipped_at: OptionalTimestamp;
  delivered_at: OptionalTimestamp;
  /** When it was cancelled or refunded. */
  closed_at: OptionalTimestamp;
  carrier: ColumnType<Carrier | null, Carrier | null | undefined, Carrier | null>;
  tracking_number: OptionalText;
}

/** A report of a story, product or creator by a signed-in user (0007). */
export interface ReportTable {
  id: string;
  /** Null once the reporter's account is deleted: the report stays, anonymised (0010). */
  reporter_id: ColumnType<string | null, string, string | null>;
  kind: ReportKind;
  item_id: string;
  reason: string;
  note: ColumnType<string, string | undefined, string>;
  status: ColumnType<ReportStatus, ReportStatus | undefined, ReportStatus>;
  created_at: Timestamp;
  resolved_at: OptionalTimestamp;
  resolved_by: OptionalText;
  resolution_note: ColumnType<string, string | undefined, string>;
}

/** One back-office action; append-only (triggers refuse UPDATE and DELETE). */
export interface AuditLogTable {
  id: string;
  created_at: Timestamp;
  actor_id: string;
  actor_email: string;
  action: string;
  target_kind: string;
  target_id: string;
  /** JSON, or null. */
  before: string | null;
  after: string | null;
  note: ColumnType<string, string | undefined, string>;
}

export interface OrderItemTable {
  order_id: string;
  product_id: string;
  /** The variant sold (0013), and its size as sold (null for goods without sizes). */
  variant_id: string;
  size: ColumnType<string | null, string | null | undefined, string | null>;
  title: string;
  price_cents: number;
  quantity: number;
  /** The edition numbers this line got (0013): edition_from … edition_from + quantity - 1, of edition_of. */
  edition_from: OptionalInteger;
  edition_of: OptionalInteger;
}

/** The address of a user's last order, offered again at the next checkout. */
export interface SavedAddressTable {
  user_id: string;
  contact_email: string;
  shipping_name: string;
  address_line1: string;
  address_line2: string;
  city: string;
  state: string;
  zip: string;
  phone: string;
  updated_at: Timestamp;
}

export interface RateLimitTable {
  key: string;
  count: number;
  /** Epoch milliseconds when the window ends. */
  reset_at: ColumnType<number, number, number>;
}

/** The footer's sign-ups of addresses without an account; an account's consent is `user.newsletter_since`. */
export interface NewsletterSubscriberTable {
  email: string;
  created_at: DefaultedTimestamp;
  /** When the address confirmed (double opt-in, 0019); null: waiting, forgotten after 7 days. */
  confirmed_at: OptionalTimestamp;
}

/** A comment on a story (0020; features/comments). */
export interface CommentTable {
  id: string;
  story_id: string;
  /** null once the writer's account is deleted ('Deleted account'). */
  user_id: OptionalText;
  /** The thread's top-level comment; null for one. */
  parent_id: OptionalText;
  /** The comment a reply answers. */
  reply_to_id: OptionalText;
  body: string;
  created_at: Timestamp;
  edited_at: OptionalTimestamp;
  /** Removed by its writer while it had replies: 'Comment deleted' stays in its place. */
  deleted_at: OptionalTimestamp;
  hidden_at: OptionalTimestamp;
  hidden_by: ColumnType<"author" | "staff" | "reports" | null, "author" | "staff" | "reports" | null | undefined, "author" | "staff" | "reports" | null>;
  like_count: ColumnType<number, number | undefined, number>;
  /** A top-level comment's replies the public sees. */
  reply_count: ColumnType<number, number | undefined, number>;
}

export interface CommentLikeTable {
  comment_id: string;
  user_id: string;
  created_at: Timestamp;
}

/** A member who may not comment, reply, edit or like until `until` (null: for good). */
export interface CommentBanTable {
  user_id: string;
  until: OptionalTimestamp;
  note: ColumnType<string, string | undefined, string>;
  created_by: OptionalText;
  created_at: Timestamp;
}

/** A track the radio can play (0023; features/radio, studio/tracks, admin/radio). */
export interface TrackTable {
  id: string;
  source: "house" | "upload";
  /** The creator who uploaded it; null for the house's tracks. */
  creator_id: OptionalText;
  title: string;
  /** The house tracks' artist; an upload is its creator's. */
  artist: OptionalText;
  description: ColumnType<string, string | undefined, string>;
  cover_media_id: OptionalText;
  /** A house track's file name under media/audio (without .mp3); an upload's key in the media store. */
  audio_key: string;
  audio_type: string;
  audio_bytes: ColumnType<number, number | undefined, number>;
  duration_ms: OptionalInteger;
  loudness_lufs: ColumnType<number | null, number | null | undefined, number | null>;
  true_peak_dbtp: ColumnType<number | null, number | null | undefined, number | null>;
  gain_db: ColumnType<number | null, number | null | undefined, number | null>;
  /** JSON: WAVEFORM_POINTS numbers from 0 to 1. */
  waveform: OptionalText;
  status: TrackStatus;
  decline_note: OptionalText;
  reviewed_by: OptionalText;
  reviewed_at: OptionalTimestamp;
  featured: ColumnType<boolean | number, boolean | number | undefined, boolean | number>;
  position: OptionalInteger;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** One listen to a track (0023): complete, partial or skipped. */
export interface TrackPlayTable {
  id: string;
  track_id: string;
  user_id: OptionalText;
  outcome: PlayOutcome;
  listened_ms: number;
  created_at: Timestamp;
}

/** Stats (0025, docs/decisions/0034): a UTC day's random salt for visitor hashes, deleted after two days. */
export interface StatSaltTable {
  day: string;
  salt: string;
}

/** One counted event, written in batches (features/stats/counter.ts); deleted after 30 days. */
export interface StatEventTable {
  day: string;
  kind: string;
  item_kind: string | null;
  item_id: string | null;
  creator_id: string | null;
  visitor: string | null;
  source: string | null;
  units: ColumnType<number, number | undefined, number>;
  amount_cents: ColumnType<number, number | undefined, number>;
}

/** A day's totals of one kind of event in one scope ('site' or a creator's id). */
export interface StatDailyTable {
  scope: string;
  day: string;
  kind: string;
  events: number;
  visitors: number;
  units: number;
  amount_cents: number;
}

/** A day's totals of one kind of event for one item. */
export interface StatDailyItemTable {
  day: string;
  creator_id: string | null;
  kind: string;
  item_kind: string;
  item_id: string;
  events: number;
  visitors: number;
  units: number;
  amount_cents: number;
}

/** A day's views or sign-ups from one source in one scope. */
export interface StatDailySourceTable {
  scope: string;
  day: string;
  kind: string;
  source: string;
  events: number;
  visitors: number;
}

/** The last day rolled up (one row, id 1). */
export interface StatRollupTable {
  id: number;
  through_day: string;
}

/** A newsletter issue written in the back office (0019; features/admin/newsletter). */
export interface NewsletterIssueTable {
  id: string;
  subject: string;
  /** Markdown. */
  body: string;
  created_by: OptionalText;
  created_at: Timestamp;
  updated_at: Timestamp;
  /** When it goes: now or a scheduled time; null while a draft. */
  send_at: OptionalTimestamp;
}

/** An order's invoice, issued with it (0010; features/orders/invoices.queries.ts). */
export interface InvoiceTable {
  order_id: string;
  /** INV-<year>-<6 digits>, e.g. INV-2026-000123: gapless within a year. */
  number: string;
  issued_at: Timestamp;
  due_at: Timestamp;
  /** The seller as the invoice names it, JSON (InvoiceSeller), as it was when issued. */
  seller: string;
  /** How to pay, JSON (InvoicePaymentInstructions), as it was when issued. */
  payment: string;
}

/** The last invoice number given in each year (0010). */
export interface InvoiceCounterTable {
  year: number;
  last_number: number;
}

/** `restock`: a variant is back (subject: the variant); `opening`: a drop opens (subject: the product); both for 'Notify me'. */
export type AnnouncementKind = "story" | "drop" | "digest" | "restock" | "opening" | "newsletter" | "message";

/** What a creator wrote to their followers (0018; features/studio/messages/); kind `message` announces it. */
export interface CreatorMessageTable {
  id: string;
  creator_id: string;
  /** Markdown, trimmed, at most CREATOR_MESSAGE_MAX characters. */
  body: string;
  created_at: Timestamp;
}

/** An account waits for a variant to be back, or a drop to open (0017). */
export interface StockAlertTable {
  id: string;
  user_id: string;
  product_id: string;
  variant_id: string;
  created_at: DefaultedTimestamp;
}

/** One thing followers hear of, expanded into e-mails by the outbox worker (0016; outbox/announcements/). */
export interface AnnouncementTable {
  id: string;
  key: string;
  kind: AnnouncementKind;
  creator_id: string | null;
  subject_id: string | null;
  created_at: Timestamp;
  available_at: Timestamp;
  /** The last follower's user id expanded; null before the first batch. */
  cursor: OptionalText;
  claimed_until: OptionalTimestamp;
  done_at: OptionalTimestamp;
  mail_count: ColumnType<number, number | undefined, number>;
}

/** A message waiting to be sent, or sent (0009; server/outbox/). */
export interface OutboxTable {
  id: string;
  kind: "mail";
  template: string;
  recipient: string;
  /** The template's props as JSON. */
  payload: string;
  user_id: OptionalText;
  dedupe_key: OptionalText;
  created_at: Timestamp;
  available_at: Timestamp;
  attempts: ColumnType<number, number | undefined, number>;
  claimed_until: OptionalTimestamp;
  sent_at: OptionalTimestamp;
  failed_at: OptionalTimestamp;
  last_error: OptionalText;
  /** What it was sent for, for counting (`newsletter:<issue>`, 0019); null for a single e-mail. */
  topic: OptionalText;
}

export interface Database {
  user: UserTable;
  session: SessionTable;
  account: AccountTable;
  verification: VerificationTable;
  story: StoryTable;
  product: ProductTable;
  product_image: ProductImageTable;
  product_story: ProductStoryTable;
  product_variant: ProductVariantTable;
  creator: CreatorTable;
  creator_discipline: CreatorDisciplineTable;
  creator_story: CreatorStoryTable;
  follow: FollowTable;
  cart_item: CartItemTable;
  favorite: FavoriteTable;
  order: OrderTable;
  order_item: OrderItemTable;
  report: ReportTable;
  audit_log: AuditLogTable;
  saved_address: SavedAddressTable;
  rate_limit: RateLimitTable;
  newsletter_subscriber: NewsletterSubscriberTable;
  newsletter_issue: NewsletterIssueTable;
  comment: CommentTable;
  comment_like: CommentLikeTable;
  comment_ban: CommentBanTable;
  media: MediaTable;
  outbox: OutboxTable;
  announcement: AnnouncementTable;
  stock_alert: StockAlertTable;
  creator_message: CreatorMessageTable;
  invoice: InvoiceTable;
  invoice_counter: InvoiceCounterTable;
  track: TrackTable;
  track_play: TrackPlayTable;
  stat_salt: StatSaltTable;
  stat_event: StatEventTable;
  stat_daily: StatDailyTable;
  stat_daily_item: StatDailyItemTable;
  stat_daily_source: StatDailySourceTable;
  stat_rollup: StatRollupTable;
}


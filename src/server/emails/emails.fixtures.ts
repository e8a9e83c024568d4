/** Props for every template, for the e-mail tests and bench/emails.bench.ts. */
import type { Invoice } from "../../common/api/invoices.js";
import type { MailContext, MailedOrder, MailTemplateName, MailTemplates } from "./catalog.js";

export const CONTEXT: MailContext = { publicUrl: "https://maybe.example", contactEmail: "help@maybe.example" };

/** What a person may type into a name, an address or a product: markup, quotes and ampersands. */
export const HOSTILE = `<script>alert("x")</script> Tom & "Jerry"`;

export function mailedOrder(overrides: Partial<MailedOrder> = {}): MailedOrder {
  return {
    id: "MB-7K2Q9XDM",
    status: "placed",
    created_at: "2026-05-01T10:00:00.000Z",
    updated_at: "2026-05-01T10:00:00.000Z",
    paid_at: null,
    shipped_at: null,
    delivered_at: null,
    closed_at: null,
    tracking: null,
    items: [
      { product_id: "p1", variant_id: "p1", size: null, edition: { first: 7, last: 8, of: 25 }, name: "Harbor Print", price_cents: 2800, price: "$28.00", quantity: 2, line_total_cents: 5600 },
      { product_id: "p2", variant_id: "p2.m", size: "M", edition: null, name: "Night Shift Tee", price_cents: 2500, price: "$25.00", quantity: 1, line_total_cents: 2500 },
    ],
    item_count: 3,
    subtotal_cents: 8100,
    shipping_cents: 599,
    total_cents: 8699,
    shipping: {
      email: "ada@example.com",
      name: "Ada Lovelace",
      address_line1: "1 Main St",
      address_line2: "Apt 4",
      city: "Springfield",
      state: "IL",
      zip: "62701",
      phone: "+1 555 0100",
    },
    payment: { method: "invoice", status: "due" },
    invoice_number: "INV-2026-000123",
    ...overrides,
  };
}

/** The invoice of mailedOrder(), with a seller, bank details and a payment link. */
export function sampleInvoice(overrides: Partial<Invoice> = {}): Invoice {
  const order = mailedOrder();
  const { phone: _phone, ...buyer } = order.shipping;
  return {
    number: "INV-2026-000123",
    order_id: order.id,
    issued_at: "2026-05-01T10:00:00.000Z",
    due_at: "2026-05-15T10:00:00.000Z",
    status: "due",
    paid_at: null,
    seller: { name: "MAYBE Community LLC", address: ["100 Market St", "Brooklyn, NY 11201"], email: "billing@maybe.example", tax_id: "12-3456789" },
    buyer,
    items: order.items,
    subtotal_cents: order.subtotal_cents,
    shipping_cents: order.shipping_cents,
    total_cents: order.total_cents,
    payment: {
      bank_details: ["Account name: MAYBE Community LLC", "Routing number: 021000021", "Account number: 123456789"],
      link: "https://pay.example/maybe?ref=INV-2026-000123&amount=86.99",
      reference: "INV-2026-000123",
    },
    ...overrides,
  };
}

export const UPS = {
  carrier: "ups",
  carrier_label: "UPS",
  number: "1Z999AA10123456784",
  url: "https://www.ups.com/track?tracknum=1Z999AA10123456784",
} as const satisfies NonNullable<MailedOrder["tracking"]>;

const shipped = mailedOrder({ status: "shipped", paid_at: "2026-05-02T10:00:00.000Z", shipped_at: "2026-05-03T10:00:00.000Z", tracking: UPS });

/**
 * One set of props per template. Typed over every name of the catalogue, so a template added
 * there without a sample here does not compile, and the tests that walk MAIL_TEMPLATE_NAMES
 * render it.
 */
export const SAMPLES: { [T in MailTemplateName]: MailTemplates[T] } = {
  "order-confirmation": { order: mailedOrder() },
  "order-invoice": { invoice: sampleInvoice() },
  "order-paid": { order: mailedOrder({ status: "paid", paid_at: "2026-05-02T10:00:00.000Z", payment: { method: "invoice", status: "paid" } }) },
  "order-shipped": { order: shipped },
  "order-delivered": { order: { ...shipped, status: "delivered", delivered_at: "2026-05-05T10:00:00.000Z" } },
  "order-cancelled": { order: mailedOrder({ status: "cancelled", payment: { method: "invoice", status: "void" } }) },
  "order-refunded": { order: { ...shipped, status: "refunded", payment: { method: "invoice", status: "refunded" } } },
  "order-cancelled-account-deleted": { order: mailedOrder({ status: "cancelled", payment: { method: "invoice", status: "void" } }) },
  "password-reset": { name: "Ada", url: "https://maybe.example/reset-password?token=reset-123&x=1", expiresInMinutes: 60 },
  "verify-email": { name: "Ada", url: "https://maybe.example/verify-email?token=verify-123" },
  "change-email-confirm": { name: "Ada", url: "https://maybe.example/verify-email?token=change-123", newEmail: "ada.new@example.com" },
  "email-changed": { name: "Ada", oldEmail: "ada@example.com", newEmail: "ada.new@example.com" },
  "password-changed": { name: "Ada" },
  "account-deleted": { name: "Ada" },
  "follow-story": { name: "Ada", creatorName: "Maya Lopez", title: "Printing in the rain", url: "https://maybe.example/stories/story-1" },
  "follow-drop": { name: "Ada", creatorName: "Maya Lopez", productName: "Rain Tee", url: "https://maybe.example/store?productId=p-1" },
  "follow-digest": {
    name: "Ada",
    items: [
      { kind: "story", creatorName: "Maya Lopez", title: "Printing in the rain", url: "https://maybe.example/stories/story-1" },
      { kind: "drop", creatorName: "Sam Reed", title: "Night Print", url: "https://maybe.example/store?productId=p-2" },
    ],
  },
  "stock-alert": { name: "Ada", productName: "Rain Tee", size: "M", url: "https://maybe.example/store?productId=p-1", opened: false },
  "creator-message": {
    name: "Ada",
    creatorName: "Maya Lopez",
    body: "Thank you for following my work.\n\nNew prints go up **next week**: see [my page](/creators/maya-lopez).",
    url: "https://maybe.example/creators/maya-lopez",
  },
  "newsletter-confirm": { url: "https://maybe.example/newsletter/confirm?token=confirm-123" },
  "newsletter-issue": { subject: "Spring on MAYBE", body: "Three new creators this month.\n\n## What's next\n\nSee [the store](/store)." },
  "comment-on-story": {
    name: "Maya",
    commenterName: "Ada",
    storyTitle: "Printing in the rain",
    body: "Loved the part about the wet paper.\n\nWhich ink was it? https://example.com/inks",
    url: "https://maybe.example/stories/story-1#comment-c1",
  },
  "comment-reply": { name: "Ada", commenterName: "Maya Lopez", storyTitle: "Printing in the rain", body: "Thank you! An oil-based one.", url: "https://maybe.example/stories/story-1#comment-c2" },
  "comment-hidden": {
    name: "Ada",
    storyTitle: "Printing in the rain",
    body: "Buy cheap prints at my shop!\n\nhttps://example.com/cheap",
    reports: 3,
    url: "https://maybe.example/stories/story-1#comment-c1",
  },
  "track-reviewed": { name: "Maya", trackTitle: "Harbour at Dawn", approved: false, note: "The last minute is silent: trim it and send it again.", url: "https://maybe.example/studio/tracks" },
};

/** Templates with nothing a person typed in them: there is nothing to escape. */
export const NOTHING_TYPED = ["newsletter-confirm"] as const satisfies readonly MailTemplateName[];
type Typed = Exclude<MailTemplateName, (typeof NOTHING_TYPED)[number]>;

/** The same props with every string a person typed replaced by HOSTILE (order numbers, URLs and amounts are the site's). */
export const HOSTILE_SAMPLES: { [T in Typed]: MailTemplates[T] } = (() => {
  const order = (o: MailedOrder): MailedOrder => ({
    ...o,
    items: o.items.map((line) => ({ ...line, name: HOSTILE })),
    shipping: { ...o.shipping, name: HOSTILE, address_line1: HOSTILE, address_line2: HOSTILE, city: HOSTILE },
  });
  return {
    "order-confirmation": { order: order(SAMPLES["order-confirmation"].order) },
    "order-invoice": {
      invoice: {
        ...SAMPLES["order-invoice"].invoice,
        items: SAMPLES["order-invoice"].invoice.items.map((line) => ({ ...line, name: HOSTILE })),
        buyer: { ...SAMPLES["order-invoice"].invoice.buyer, name: HOSTILE, address_line1: HOSTILE, address_line2: HOSTILE, city: HOSTILE },
      },
    },
    "order-paid": { order: order(SAMPLES["order-paid"].order) },
    "order-shipped": { order: order(SAMPLES["order-shipped"].order) },
    "order-delivered": { order: order(SAMPLES["order-delivered"].order) },
    "order-cancelled": { order: order(SAMPLES["order-cancelled"].order) },
    "order-refunded": { order: order(SAMPLES["order-refunded"].order) },
    "order-cancelled-account-deleted": { order: order(SAMPLES["order-cancelled-account-deleted"].order) },
    "password-reset": { ...SAMPLES["password-reset"], name: HOSTILE },
    "verify-email": { ...SAMPLES["verify-email"], name: HOSTILE },
    "change-email-confirm": { ...SAMPLES["change-email-confirm"], name: HOSTILE, newEmail: HOSTILE },
    "email-changed": { name: HOSTILE, oldEmail: HOSTILE, newEmail: HOSTILE },
    "password-changed": { name: HOSTILE },
    "account-deleted": { name: HOSTILE },
    "follow-story": { ...SAMPLES["follow-story"], name: HOSTILE, creatorName: HOSTILE, title: HOSTILE },
    "follow-drop": { ...SAMPLES["follow-drop"], name: HOSTILE, creatorName: HOSTILE, productName: HOSTILE },
    "follow-digest": { name: HOSTILE, items: SAMPLES["follow-digest"].items.map((item) => ({ ...item, creatorName: HOSTILE, title: HOSTILE })) },
    "stock-alert": { ...SAMPLES["stock-alert"], name: HOSTILE, productName: HOSTILE },
    // The body is Markdown: raw HTML in it is text (MailMarkdown), escaped like any other.
    "creator-message": { ...SAMPLES["creator-message"], name: HOSTILE, creatorName: HOSTILE, body: HOSTILE },
    // Staff write the subject (a header: plain text, one line) and the body (Markdown).
    "newsletter-issue": { subject: HOSTILE, body: HOSTILE },
    // The comment is plain text, quoted as typed: React escapes it like a name.
    "comment-on-story": { ...SAMPLES["comment-on-story"], name: HOSTILE, commenterName: HOSTILE, storyTitle: HOSTILE, body: HOSTILE },
    "comment-reply": { ...SAMPLES["comment-reply"], name: HOSTILE, commenterName: HOSTILE, storyTitle: HOSTILE, body: HOSTILE },
    "comment-hidden": { ...SAMPLES["comment-hidden"], name: HOSTILE, storyTitle: HOSTILE, body: HOSTILE },
    "track-reviewed": { ...SAMPLES["track-reviewed"], name: HOSTILE, trackTitle: HOSTILE, note: HOSTILE },
  };
})();

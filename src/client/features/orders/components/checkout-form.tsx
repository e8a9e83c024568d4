/**
 * The checkout form: contact and shipping details beside the order summary priced by the server,
 * and 'Place Order'. Every field is checked with the schema the server uses; the server's
 * answer puts its messages on the same fields. Nothing typed is lost on an error, and a retry
 * sends the same Idempotency-Key, so an order is never placed twice.
 */
import { Link } from "react-router";
import { useEffect, useEffectEvent, useRef, useState } from "react";
import { lazyZodResolver } from "../../../lib/lazy-resolver";
import type { CartLine } from "../../../../common/api/cart";
import type { Order } from "../../../../common/api/orders";
import type { CartSummary } from "../../../../common/cart";
import { CHECKOUT_FIELDS, CheckoutSchema, type CheckoutDetails, type CheckoutInput } from "../../../../common/checkout";
import { shortfallMessage } from "../../../../common/orders";
import type { StockShortfall } from "../../../../common/api/error";
import { stateOptionLabel, US_STATES } from "../../../../common/us-states";
import { Alert } from "../../../components/ui/alert";
import { Button, buttonClasses } from "../../../components/ui/button";
import { TextField } from "../../../components/ui/field";
import { SelectField } from "../../../components/ui/select-field";
import { paths } from "../../../config/paths";
import { useSiteForm } from "../../../hooks/use-site-form";
import { failureMessage, isApiError, logFailure } from "../../../lib/api";
import { withRetry } from "../../../lib/retry";
import { useAddress } from "../api/get-address";
import { newIdempotencyKey, placeOrder } from "../api/place-order";
import { OrderLines, OrderTotals } from "./order-lines";
import { titleWithSize } from "../../../../common/sizes";

/** The cart as the checkout needs it; the app's cart (useCart) is one. */
export interface CheckoutCart extends CartSummary {
  loading: boolean;
  items: readonly CartLine[];
  setQuantity(productId: string, quantity: number): Promise<unknown>;
  remove(productId: string): Promise<void>;
  reload(): Promise<void>;
}

export const CHECKOUT_TEXT = {
  placeOrder: "Place Order",
  placing: "Placing Order...",
  adjust: "Update Cart to What's Left",
  adjusted: "Your cart now holds what is left. Check the total, then place your order.",
  adjustFailed: "Your cart could not be updated. Please try again.",
  network: "We could not reach the server. Nothing you typed is lost: press Place Order again. An order is never placed twice.",
  failed: "Your order could not be placed just now. Please try again: an order is never placed twice.",
  invoiceNote: "Payment by invoice: nothing is charged now.",
} as const;

/**
 * "Last Poster: only 1 left (you asked for 3)" / "Gone Zine: sold out (you asked for 2)" /
 * "Old Tee: no longer available (you asked for 1)".
 */
export function shortfallText(s: StockShortfall): string {
  const left = s.unavailable ? "no longer available" : s.available === 0 ? "sold out" : `only ${s.available} left`;
  return `${s.name}: ${left} (you asked for ${s.requested})`;
}

const STATE_OPTIONS = US_STATES.map((s) => ({ value: s.code, label: stateOptionLabel(s) }));
const EMPTY: CheckoutInput = { email: "", name: "", address_line1: "", address_line2: "", city: "", state: "", zip: "", phone: "" };

export interface CheckoutFormProps {
  uid: string;
  cart: CheckoutCart;
  /** What was typed before the panel last closed; the saved address fills the form when null. */
  draft: CheckoutInput | null;
  /** Called with what is typed when the form goes away (the panel closes). */
  onDraft: (values: CheckoutInput) => void;
  onPlaced: (order: Order) => void;
}

/** The dialog already holds the schema's module (its field list and messages); the resolver loads on idle or first submit. */
const resolver = lazyZodResolver<CheckoutInput, CheckoutDetails>(async () => CheckoutSchema);

export function CheckoutForm({ uid, cart, draft, onDraft, onPlaced }: CheckoutFormProps) {
  const [initial] = useState(draft);
  const address = useAddress(uid, initial === null);
  const { handleSubmit, reset, getValues, formState, field, showFieldErrors } = useSiteForm<CheckoutInput, CheckoutDetails>({
    resolver,
    defaultValues: initial ?? EMPTY,
    serverFields: CHECKOUT_FIELDS,
  });
  const { errors, isSubmitting } = formState;

  const [general, setGeneral] = useState<string | null>(null);
  const [shortfalls, setShortfalls] = useState<StockShortfall[] | null>(null);
  const [adjusting, setAdjusting] = useState(false);
  const [adjusted, setAdjusted] = useState(false);
  const messageRef = useRef<HTMLDivElement>(null);
  const submitRef = useRef<HTMLButtonElement>(null);
  /** One key per order attempt, kept across retries until an order comes back. */
  const keyRef = useRef<string | null>(null);

  // The saved address (or the account's email and phone) fills what the buyer has not typed.
  const prefill = initial === null ? address.data?.address : undefined;
  useEffect(() => {
    if (prefill) reset(prefill, { keepDirtyValues: true, keepErrors: true });
  }, [prefill, reset]);

  // Closing the panel keeps what was typed for the next opening (not once it became an order).
  const placedRef = useRef(false);
  const saveDraft = useEffectEvent(() => {
    if (!placedRef.current) onDraft(getValues());
  });
  useEffect(() => () => saveDraft(), []);

  // A message that appears takes focus, so it is read out and scrolled into view.
  useEffect(() => {
    if (general || shortfalls) messageRef.current?.focus();
  }, [general, shortfalls]);

  const busy = isSubmitting || adjusting;

  const onSubmit = handleSubmit(async (values) => {
    setGeneral(null);
    setShortfalls(null);
    setAdjusted(false);
    keyRef.current ??= newIdempotencyKey();
    const key = keyRef.current;
    try {
      // Safe to repeat: the same key returns the same order.
      // The prices the buyer sees: if the seller changed one meanwhile, the server names it instead of charging it.
      const pricesSeen = cart.items.map((line) => ({ line_id: line.id, price_cents: line.price_cents }));
      const order = await withRetry(() => placeOrder({ ...values, prices_seen: pricesSeen }, key));
      keyRef.current = null;
      placedRef.current = true;
      onPlaced(order);
    } catch (error) {
      if (!isApiError(error)) {
        setGeneral(CHECKOUT_TEXT.failed);
        return;
      }
      switch (error.code) {
        case "VALIDATION_FAILED":
          if (!showFieldErrors(error)) setGeneral(error.message);
          return;
        case "OUT_OF_STOCK":
          setShortfalls(error.details);
          void cart.reload();
          return;
        case "PRICE_CHANGED":
        case "EMPTY_CART":
        case "NOT_SUBSCRIBED":
        case "UNAUTHORIZED":
        case "RATE_LIMITED":
          setGeneral(error.message);
          void cart.reload();
          return;
        case "NETWORK_ERROR":
          setGeneral(CHECKOUT_TEXT.network);
          return;
        default:
          // Any other refusal in the server's words (lib/api.ts failureMessage).
          setGeneral(failureMessage(error, CHECKOUT_TEXT.failed));
      }
    }
  });

  /** With the buyer's consent: each short line takes what is left; lines with none leave the cart. */
  async function adjustCart() {
    if (!shortfalls) return;
    setAdjusting(true);
    setGeneral(null);
    try {
      for (const s of shortfalls) {
        const lineId = s.variant_id ?? s.product_id;
        if (s.available > 0) await cart.setQuantity(lineId, s.available);
        else await cart.remove(lineId);
      }
      setShortfalls(null);
      setAdjusted(true);
    } catch (error) {
      logFailure("cart adjustment failed", error);
      setGeneral(failureMessage(error, CHECKOUT_TEXT.adjustFailed));
    } finally {
      setAdjusting(false);
      await cart.reload();
      submitRef.current?.focus();
    }
  }

  if (!cart.loading && cart.items.length === 0) {
    return (
      <div className="flex flex-col items-center gap-4 py-6 text-center">
        {adjusted || shortfalls ? (
          <p className="font-bold">Nothing in your cart is in stock any more.</p>
        ) : null}
        <p className="text-lg font-bold">Your cart is empty</p>
        <Link to={paths.store} className={buttonClasses()}>
          Continue Shopping
        </Link>
      </div>
    );
  }

  const lines = cart.items.map((l) => ({ id: l.id, name: titleWithSize(l.name, l.size), quantity: l.quantity, price_cents: l.price_cents, unavailable: !l.available }));

  return (
    <form noValidate onSubmit={onSubmit} aria-busy={busy || undefined} className="flex flex-col gap-5">
      {(general || shortfalls) && (
        <div ref={messageRef} tabIndex={-1} className="focus-visible:outline-offset-2">
          {general && <Alert>{general}</Alert>}
          {shortfalls && (
            <div role="alert" className="flex flex-col gap-3 rounded-md border-[3px] border-ink bg-pink-soft px-4 py-3 shadow-hard-sm">
              <p className="font-bold">{shortfallMessage(shortfalls)}</p>
              <ul aria-label="Items short of stock" className="ml-5 list-disc">
                {shortfalls.map((s) => (
                  <li key={s.product_id}>{shortfallText(s)}</li>
                ))}
              </ul>
              <p className="text-sm">Update your cart to what is left, then place your order.</p>
              <Button variant="dark" className="self-start" disabled={adjusting} onClick={() => void adjustCart()}>
                {CHECKOUT_TEXT.adjust}
              </Button>
            </div>
          )}
        </div>
      )}
      {adjusted && <Alert tone="success">{CHECKOUT_TEXT.adjusted}</Alert>}

      <div className="grid gap-6 md:grid-cols-[minmax(0,1fr)_minmax(0,19rem)]">
        <fieldset disabled={busy} className="m-0 flex min-w-0 flex-col gap-6 border-0 p-0">
          <section aria-labelledby="checkout-contact" className="flex flex-col gap-4">
            <h3 id="checkout-contact" className="text-sm font-black tracking-wide uppercase">
              Contact
            </h3>
            <div className="grid gap-4 sm:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
              <TextField label="Email" type="email" autoComplete="email" required error={errors.email?.message} {...field("email")} />
              <TextField label="Phone" type="tel" autoComplete="tel" required error={errors.phone?.message} {...field("phone")} />
            </div>
          </section>
          <section aria-labelledby="checkout-shipping" className="flex flex-col gap-4">
            <h3 id="checkout-shipping" className="text-sm font-black tracking-wide uppercase">
              Shipping address
            </h3>
            <TextField label="Full name" autoComplete="shipping name" required error={errors.name?.message} {...field("name")} />
            <TextField
              label="Address"
              autoComplete="shipping address-line1"
              required
              placeholder="Street and number"
              error={errors.address_line1?.message}
              {...field("address_line1")}
            />
            <TextField
              label="Address line 2"
              labelNote="(optional)"
              autoComplete="shipping address-line2"
              placeholder="Apartment, suite, unit"
              error={errors.address_line2?.message}
              {...field("address_line2")}
            />
            <TextField label="City" autoComplete="shipping address-level2" required error={errors.city?.message} {...field("city")} />
            <div className="grid gap-4 sm:grid-cols-[minmax(0,1fr)_10rem]">
              <SelectField
                label="State"
                autoComplete="shipping address-level1"
                required
                placeholder="Select a state"
                options={STATE_OPTIONS}
                error={errors.state?.message}
                {...field("state")}
              />
              <TextField
                label="ZIP code"
                autoComplete="shipping postal-code"
                inputMode="numeric"
                required
                error={errors.zip?.message}
                {...field("zip")}
              />
            </div>
          </section>
        </fieldset>

        <section
          aria-labelledby="checkout-summary"
          className="flex flex-col gap-4 self-start rounded-lg border-[3px] border-ink bg-white p-4 shadow-hard-sm"
        >
          <h3 id="checkout-summary" className="text-sm font-black tracking-wide uppercase">
            Order summary
          </h3>
          {cart.loading ? (
            <p role="status" className="font-bold">
              Loading...
            </p>
          ) : (
            <>
              <OrderLines lines={lines} label="Order lines" />
              <OrderTotals totals={cart} />
            </>
          )}
          <p className="text-sm text-muted">{CHECKOUT_TEXT.invoiceNote}</p>
          <Button ref={submitRef} type="submit" size="lg" block disabled={busy || cart.loading}>
            {isSubmitting ? CHECKOUT_TEXT.placing : CHECKOUT_TEXT.placeOrder}
          </Button>
        </section>
      </div>
    </form>
  );
}

import type { ShippingDetails } from "../../../../common/api/orders";
import { PostalAddress } from "../../../components/orders/postal-address";

/** Where an order goes, as a postal address, then the contact details. */
export function ShippingAddress({ shipping }: { shipping: ShippingDetails }) {
  return (
    <div className="flex flex-col">
      <PostalAddress shipping={shipping} />
      <span className="mt-2 text-muted">{shipping.phone}</span>
      <span className="text-muted break-all">{shipping.email}</span>
    </div>
  );
}

import type { ShippingDetails } from "../../../common/api/orders";

/** Where a parcel goes, as it is written on it: the buyer's order, the back office's order and the packing slip show the same. */
export function PostalAddress({ shipping }: { shipping: ShippingDetails }) {
  return (
    <address className="flex flex-col not-italic">
      <span className="font-bold">{shipping.name}</span>
      <span>{shipping.address_line1}</span>
      {shipping.address_line2 && <span>{shipping.address_line2}</span>}
      <span>
        {shipping.city}, {shipping.state} {shipping.zip}
      </span>
    </address>
  );
}

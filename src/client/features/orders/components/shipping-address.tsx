import type { ShippingDetails } from "../../../../common/api/orders";

/** Where an order goes, as a postal address, then the contact details. */
export function ShippingAddress({ shipping }: { shipping: ShippingDetails }) {
  return (
    <address className="flex flex-col not-italic">
      <span className="font-bold">{shipping.name}</span>
      <span>{shipping.address_line1}</span>
      {shipping.address_line2 && <span>{shipping.address_line2}</span>}
      <span>
        {shipping.city}, {shipping.state} {shipping.zip}
      </span>
      <span className="mt-2 text-muted">{shipping.phone}</span>
      <span className="text-muted break-all">{shipping.email}</span>
    </address>
  );
}

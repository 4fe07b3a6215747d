import type { DeliveryAddress } from '@platform/contracts';
import { cityLine } from '../../account/address-fields.ts';

/** The 'Delivering To' block of an order. */
export function DeliveryAddressBlock({ address }: { address: DeliveryAddress }) {
  return (
    <section className="order-panel" aria-labelledby="delivering-to">
      <h2 id="delivering-to">Delivering To</h2>
      <address className="delivery-address">
        <strong>{address.fullname}</strong>
        <span>{address.street}</span>
        <span>{cityLine(address)}</span>
        <span>{address.country}</span>
        <span>{address.contact_number}</span>
      </address>
    </section>
  );
}

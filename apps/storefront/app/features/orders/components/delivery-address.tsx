import type { DeliveryAddress } from '@platform/contracts';
import { AddressLines } from '../../../components/address-lines.tsx';

/** The 'Delivering To' block of an order. */
export function DeliveryAddressBlock({ address }: { address: DeliveryAddress }) {
  return (
    <section className="order-panel" aria-labelledby="delivering-to">
      <h2 id="delivering-to">Delivering To</h2>
      <AddressLines address={address} className="delivery-address" />
    </section>
  );
}

import { addressLines, type DeliveryAddress } from '@platform/contracts';

/** An address as lines (`addressLines`): the name in bold, then one line each. */
export function AddressLines({ address, className }: { address: DeliveryAddress; className: string }) {
  const [name, street, place, country, phone] = addressLines(address);
  return (
    <address className={className}>
      <strong>{name}</strong>
      <span>{street}</span>
      <span>{place}</span>
      <span>{country}</span>
      <span>{phone}</span>
    </address>
  );
}

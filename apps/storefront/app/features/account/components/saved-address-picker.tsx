import type { DeliveryAddress } from '@platform/contracts';
import { useQuery } from '@tanstack/react-query';
import { browserApi } from '../../../lib/browser-api.ts';
import { addressSummary } from '../../address/index.ts';
import { savedAddressesQueryOptions } from '../api/account.ts';
import './saved-address-picker.css';

/**
 * The checkout's choice of the customer's saved addresses: picking one fills the delivery address form. Nothing is
 * shown while they load, when there are none, or when they cannot be read (the form is typed in as before).
 */
export function SavedAddressPicker({ onPick }: { onPick: (address: DeliveryAddress) => void }) {
  const addresses = useQuery(savedAddressesQueryOptions(browserApi()));
  if (!addresses.data || addresses.data.length === 0) return null;
  const saved = addresses.data;
  return (
    <div className="saved-address-picker">
      <label htmlFor="checkout-saved-address">Use a saved address</label>
      <select
        id="checkout-saved-address"
        defaultValue=""
        onChange={(event) => {
          const picked = saved.find((address) => String(address.id) === event.target.value);
          if (!picked) return;
          const { id: _id, ...address } = picked;
          onPick(address);
        }}
      >
        <option value="" disabled>
          Choose an address…
        </option>
        {saved.map((address) => (
          <option key={address.id} value={address.id}>
            {addressSummary(address)}
          </option>
        ))}
      </select>
    </div>
  );
}

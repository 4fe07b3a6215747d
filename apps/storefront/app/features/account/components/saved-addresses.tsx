import { type DeliveryAddress, SAVED_ADDRESSES_MAX, type SavedAddress } from '@platform/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { AddressLines } from '../../../components/address-lines.tsx';
import { ErrorBox } from '../../../components/error-box.tsx';
import { FormMessage, useSubmission } from '../../../components/form-message.tsx';
import { Spinner } from '../../../components/spinner.tsx';
import { ApiError, errorText } from '../../../lib/api-client.ts';
import { browserApi } from '../../../lib/browser-api.ts';
import {
  ADDRESS_FORM_FIELDS,
  addressFieldErrors,
  addressProblem,
  DeliveryAddressFields,
  EMPTY_ADDRESS,
  serverAddressErrors,
  trimmedAddress,
} from '../../address/index.ts';
import {
  ADDRESSES_QUERY_KEY,
  addAddress,
  changeAddress,
  removeAddress,
  savedAddressesQueryOptions,
} from '../api/account.ts';

const SAVE_FALLBACK = 'Could not save the address. Please try again.';
const REMOVE_FALLBACK = 'Could not remove the address. Please try again.';

/** The delivery addresses kept in the account (the checkout offers them): add, change, remove. */
export function SavedAddresses() {
  const queryClient = useQueryClient();
  const addresses = useQuery(savedAddressesQueryOptions(browserApi()));
  // The address being edited, 'new' for one being added, null when none.
  const [editing, setEditing] = useState<number | 'new' | null>(null);
  const [removeError, setRemoveError] = useState<string | null>(null);

  if (addresses.isPending) return <Spinner label="Loading your addresses" />;
  if (addresses.isError) return <ErrorBox>{errorText(addresses.error, 'Failed to load your addresses.')}</ErrorBox>;

  const saved = addresses.data;
  const refresh = () => queryClient.invalidateQueries({ queryKey: ADDRESSES_QUERY_KEY });

  async function remove(id: number) {
    setRemoveError(null);
    try {
      await removeAddress(browserApi(), id);
    } catch (error) {
      setRemoveError(errorText(error, REMOVE_FALLBACK));
    }
    await refresh();
  }

  return (
    <div className="saved-addresses">
      {removeError && <ErrorBox>{removeError}</ErrorBox>}
      {saved.length === 0 && editing !== 'new' && <p className="empty-message">You have no saved addresses yet.</p>}
      <ul className="saved-address-list">
        {saved.map((address) =>
          editing === address.id ? (
            <li key={address.id} className="saved-address">
              <AddressForm
                initial={address}
                title="Change Address"
                onDone={() => {
                  setEditing(null);
                  void refresh();
                }}
              />
            </li>
          ) : (
            <li key={address.id} className="saved-address">
              <AddressLines address={address} className="saved-address__lines" />
              <div className="saved-address__actions">
                <button type="button" className="button button--ghost" onClick={() => setEditing(address.id)}>
                  Edit
                </button>
                <button type="button" className="button button--ghost" onClick={() => void remove(address.id)}>
                  Remove
                </button>
              </div>
            </li>
          ),
        )}
      </ul>
      {editing === 'new' ? (
        <AddressForm
          initial={null}
          title="New Address"
          onDone={() => {
            setEditing(null);
            void refresh();
          }}
        />
      ) : (
        saved.length < SAVED_ADDRESSES_MAX && (
          <button type="button" className="button button--primary" onClick={() => setEditing('new')}>
            Add an Address
          </button>
        )
      )}
    </div>
  );
}

type AddressErrors = Partial<Record<keyof DeliveryAddress, string>>;

/**
 * A new address (`initial` null) or the change of a saved one; `onDone` after saving or cancelling. The country is
 * chosen from the list and the phone checked as at checkout; each wrong field is marked, with its message under it,
 * and the first takes the focus.
 */
function AddressForm({ initial, title, onDone }: { initial: SavedAddress | null; title: string; onDone: () => void }) {
  const [address, setAddress] = useState<DeliveryAddress>(() => {
    if (!initial) return EMPTY_ADDRESS;
    const { id: _id, ...fields } = initial;
    return fields;
  });
  const [errors, setErrors] = useState<AddressErrors>({});
  const { outcome, setOutcome, submitting, submit } = useSubmission();
  const idPrefix = `address-${initial?.id ?? 'new'}`;

  function mark(found: AddressErrors) {
    setErrors(found);
    const first = ADDRESS_FORM_FIELDS.find((field) => found[field]);
    if (first) document.getElementById(`${idPrefix}-${first}`)?.focus();
  }

  function change(field: keyof DeliveryAddress, value: string) {
    setAddress((current) => ({ ...current, [field]: value }));
    setErrors(({ [field]: _changed, ...others }) => others);
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    // The checkout's own rules and words.
    const problem = addressProblem(address);
    if (problem) {
      mark(addressFieldErrors(address));
      return setOutcome({ kind: 'error', text: problem });
    }
    void submit(
      async () => {
        const body = trimmedAddress(address);
        if (initial) await changeAddress(browserApi(), initial.id, body);
        else await addAddress(browserApi(), body);
        onDone();
        return null;
      },
      (error) => {
        if (error instanceof ApiError && error.fieldErrors) mark(serverAddressErrors(error.fieldErrors, ''));
        return errorText(error, SAVE_FALLBACK, { fields: 'all' });
      },
    );
  }

  return (
    <form className="address-form" onSubmit={onSubmit} noValidate aria-label={title}>
      <FormMessage outcome={outcome} />
      <div className="address-form__fields">
        <DeliveryAddressFields idPrefix={idPrefix} address={address} errors={errors} onChange={change} />
      </div>
      <div className="address-form__actions">
        <button type="submit" className="button button--primary" disabled={submitting}>
          {submitting ? 'Saving...' : 'Save Address'}
        </button>
        <button type="button" className="button button--ghost" onClick={onDone} disabled={submitting}>
          Cancel
        </button>
      </div>
    </form>
  );
}

// The delivery addresses a customer keeps in their account, which the checkout offers. Each belongs to one account:
// another customer's (or another shop's) address id answers 404.
import {
  DELIVERY_ADDRESS_FIELDS,
  type DeliveryAddress,
  SAVED_ADDRESSES_MAX,
  type SavedAddress,
  type SavedAddressBody,
  type SavedAddressPatchBody,
} from '@platform/contracts';
import { invalidAddressFields, keptAddress } from '@platform/contracts/address';
import { type RequestContext, requireUser } from '../../lib/context.ts';
import { BadRequestError, NotFoundError, ValidationError } from '../../lib/errors.ts';
import {
  countSavedAddresses,
  deleteSavedAddress,
  insertSavedAddress,
  listSavedAddresses,
  lockAddressOwner,
  lockSavedAddress,
  type SavedAddressRow,
  updateSavedAddress,
} from './addresses.repository.ts';

const ADDRESS_NOT_FOUND = 'Address not found.';

function toSavedAddress(row: SavedAddressRow): SavedAddress {
  const address = Object.fromEntries(DELIVERY_ADDRESS_FIELDS.map((field) => [field, row.address[field] ?? '']));
  const region = row.address.region;
  return { id: row.id, ...(address as DeliveryAddress), ...(region ? { region } : {}) };
}

/**
 * The given fields trimmed and none blank, as the checkout requires of the address it sends; the region, which only
 * some countries need, trimmed (whether it is needed and right is `deliverable`'s to say).
 */
function checkedFields<T extends SavedAddressPatchBody>(body: T): T {
  const given = DELIVERY_ADDRESS_FIELDS.filter((field) => body[field] !== undefined);
  const address = Object.fromEntries(given.map((field) => [field, body[field]?.trim()])) as T;
  const blank = given.filter((field) => !address[field]);
  if (blank.length > 0) {
    throw new ValidationError(Object.fromEntries(blank.map((field) => [field, ['This field may not be blank.']])));
  }
  if (body.region !== undefined) address.region = body.region.trim();
  return address;
}

/**
 * A whole address as the checkout would take it: a country it knows (its English name or ISO code, kept as the
 * name), a contact number that is a phone number there and the region where the country needs one (kept as its
 * name); otherwise the checkout's field errors.
 */
function deliverable(address: DeliveryAddress): DeliveryAddress {
  const problems = invalidAddressFields(address);
  if (Object.keys(problems).length > 0) {
    const errors: Record<string, string[]> = {};
    for (const [field, text] of Object.entries(problems)) errors[field] = [text];
    throw new ValidationError(errors);
  }
  return keptAddress(address);
}

/** The signed-in customer's saved addresses, oldest first. */
export async function listAddresses(ctx: RequestContext): Promise<SavedAddress[]> {
  const user = requireUser(ctx);
  return (await listSavedAddresses(ctx.scope, user.id)).map(toSavedAddress);
}

/** Keeps a new address in the signed-in customer's account (at most `SAVED_ADDRESSES_MAX`). */
export async function addAddress(ctx: RequestContext, body: SavedAddressBody): Promise<SavedAddress> {
  const user = requireUser(ctx);
  const address = deliverable(checkedFields<DeliveryAddress>(body));
  return ctx.scope.transaction(async (scope) => {
    await lockAddressOwner(scope, user.id);
    if ((await countSavedAddresses(scope, user.id)) >= SAVED_ADDRESSES_MAX) {
      throw new BadRequestError(`You can keep at most ${SAVED_ADDRESSES_MAX} addresses.`, 'too_many_addresses');
    }
    return toSavedAddress(await insertSavedAddress(scope, user.id, address));
  });
}

/** Changes the given fields of one of the signed-in customer's addresses; 404 for any other. */
export async function changeAddress(
  ctx: RequestContext,
  id: number,
  body: SavedAddressPatchBody,
): Promise<SavedAddress> {
  const user = requireUser(ctx);
  const changes = checkedFields(body);
  const row = await ctx.scope.transaction(async (scope) => {
    const current = await lockSavedAddress(scope, user.id, id);
    if (!current) return null;
    const { id: _id, ...address } = toSavedAddress(current);
    return updateSavedAddress(scope, user.id, id, deliverable({ ...address, ...changes }));
  });
  if (!row) throw new NotFoundError(ADDRESS_NOT_FOUND, 'address_not_found');
  return toSavedAddress(row);
}

/** Forgets one of the signed-in customer's addresses; 404 for any other. */
export async function removeAddress(ctx: RequestContext, id: number): Promise<void> {
  const user = requireUser(ctx);
  if (!(await deleteSavedAddress(ctx.scope, user.id, id)))
    throw new NotFoundError(ADDRESS_NOT_FOUND, 'address_not_found');
}

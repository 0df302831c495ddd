import type { Address, AddressType, addressInputSchema } from '@plaza/contract';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { badRequest } from '../../platform/errors';
import { loadEditableMember } from './access';
import { isCountryCode } from './countries';
import { type AddressRow, profileDataRepo } from './profile-data-repo';
import type { Viewer } from './profile-policy';

/** Maps an address row to the contract's address. */
function presentAddress(row: AddressRow): Address {
  return {
    gender: row.gender,
    title: row.title,
    firstname: row.firstname,
    lastname: row.lastname,
    address: row.address,
    house_number: row.house_number,
    address_2: row.address_2,
    address_details: row.address_details,
    zip: row.zip,
    city: row.city,
    country: row.country,
    email: row.email,
    separate_delivery_address: row.separate_delivery_address,
  };
}

/** The member's own invoice and delivery addresses (null where none is saved), read in one query. */
export async function memberAddresses(
  db: Db,
  userId: number,
): Promise<{ invoice_address: Address | null; delivery_address: Address | null }> {
  const rows = await profileDataRepo.addresses(db, userId);
  const of = (type: AddressType) => {
    const row = rows.find((candidate) => candidate.type === type);
    return row ? presentAddress(row) : null;
  };
  return { invoice_address: of('invoice_address'), delivery_address: of('delivery_address') };
}

/** GET users/:id/invoice_address and delivery_address (the member and editors). */
export async function getAddress(db: Db, viewer: Viewer, userId: number, type: AddressType) {
  const member = await loadEditableMember(db, viewer, userId);
  const row = await profileDataRepo.address(db, member.id, type);
  return { address: row ? presentAddress(row) : null };
}

/** POST users/:id/:addressType: saves the address; the country must be one of the country options. */
export async function saveAddress(
  db: Db,
  viewer: Viewer,
  userId: number,
  type: AddressType,
  input: z.output<typeof addressInputSchema>,
) {
  const member = await loadEditableMember(db, viewer, userId);
  if (!isCountryCode(input.country)) throw badRequest('Choose a country of the list.', 'country');
  const values = {
    ...input,
    separate_delivery_address: type === 'invoice_address' ? input.separate_delivery_address : false,
    updated_at: new Date(),
  };
  return { address: presentAddress(await profileDataRepo.putAddress(db, member.id, type, values)) };
}

import type { Address, AddressType, addressInputSchema } from '@plaza/contract';
import { and, eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { userAddresses } from '../../db/schema';
import { badRequest } from '../../platform/errors';
import { loadEditableMember } from './access';
import { isCountryCode } from './countries';
import type { Viewer } from './profile-policy';

type AddressRow = typeof userAddresses.$inferSelect;

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

/** GET users/:id/invoice_address and delivery_address (the member and editors). */
export async function getAddress(db: Db, viewer: Viewer, userId: number, type: AddressType) {
  const member = await loadEditableMember(db, viewer, userId);
  const [row] = await db
    .select()
    .from(userAddresses)
    .where(and(eq(userAddresses.user_id, member.id), eq(userAddresses.type, type)));
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
  const [row] = await db
    .insert(userAddresses)
    .values({ user_id: member.id, type, ...values })
    .onConflictDoUpdate({ target: [userAddresses.user_id, userAddresses.type], set: values })
    .returning();
  return { address: presentAddress(row!) };
}

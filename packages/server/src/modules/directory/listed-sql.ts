import { sql } from 'drizzle-orm';

/**
 * Members `u` the community lists (the directory, the search, the occasions): those who accepted the
 * terms (the others have not entered yet) and whose account is not deactivated.
 */
export const listedMembers = sql`u.agb_nda_accepted and u.deactivated_at is null`;

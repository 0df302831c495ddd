/**
 * Advisory lock ids shared by every Plaza process. Migrations and the demo seed take the same one,
 * so instances that start together migrate, then seed, one after another.
 */
export const MIGRATION_LOCK_ID = 7_404_125;

import type { FillContext } from './context';

/**
 * The bulk load writes tables without their secondary indexes and builds them once at the end, which is
 * several times faster than updating them row by row (the counter UPDATE of a million posts above all).
 * Dropped are the indexes that back no constraint (primary keys stay, so joins on ids stay fast); they
 * are built again from the definitions PostgreSQL itself gives for them, inside the same transaction, so
 * the schema ends exactly as the migrations made it, and a unique index also proves the data unique.
 */
export async function dropSecondaryIndexes(ctx: FillContext): Promise<string[]> {
  const indexes = await ctx.rows<{ name: string; definition: string }>(
    `select i.indexname as name, i.indexdef as definition
     from pg_indexes i
     where i.schemaname = 'public'
       and not exists (select 1 from pg_constraint c where c.conname = i.indexname)
     order by i.tablename, i.indexname`,
  );
  for (const index of indexes) await ctx.run(`drop index "${index.name}"`);
  return indexes.map((index) => index.definition);
}

export async function createIndexes(ctx: FillContext, definitions: string[]): Promise<void> {
  await ctx.step(`${definitions.length} secondary indexes`, ...definitions);
}

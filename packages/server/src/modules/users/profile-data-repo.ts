import type { AddressType } from '@plaza/contract';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { preparedQuery } from '../../db/prepared-query';
import { profileFields, userAddresses, userChildren, userProfileFieldValues } from '../../db/schema';

export type ChildRow = typeof userChildren.$inferSelect;
export type NewChildRow = typeof userChildren.$inferInsert;
export type AddressRow = typeof userAddresses.$inferSelect;
export type AddressValues = Omit<typeof userAddresses.$inferInsert, 'user_id' | 'type'>;
export type FieldRow = typeof profileFields.$inferSelect;

/** Queries on a member's children, addresses and custom profile field values. */
export const profileDataRepo = {
  /** The member's children, by birthday. */
  children(db: Db, userId: number): Promise<ChildRow[]> {
    return db
      .select()
      .from(userChildren)
      .where(eq(userChildren.user_id, userId))
      .orderBy(asc(userChildren.birthday), asc(userChildren.id));
  },
  /** Replaces the member's children with `rows`, in one transaction. */
  async replaceChildren(db: Db, userId: number, rows: NewChildRow[]): Promise<void> {
    await db.transaction(async (tx) => {
      await tx.delete(userChildren).where(eq(userChildren.user_id, userId));
      if (rows.length) await tx.insert(userChildren).values(rows);
    });
  },
  async address(db: Db, userId: number, type: AddressType): Promise<AddressRow | undefined> {
    const [row] = await db
      .select()
      .from(userAddresses)
      .where(and(eq(userAddresses.user_id, userId), eq(userAddresses.type, type)));
    return row;
  },
  /** Both of the member's addresses (invoice and delivery) in one query. */
  addresses(db: Db, userId: number): Promise<AddressRow[]> {
    const query = preparedQuery(db, 'user_addresses_of', (statement) =>
      db
        .select()
        .from(userAddresses)
        .where(eq(userAddresses.user_id, sql.placeholder('user')))
        .prepare(statement),
    );
    return query.execute({ user: userId });
  },
  /** Stores the member's address of a type, replacing the former one. */
  async putAddress(db: Db, userId: number, type: AddressType, values: AddressValues): Promise<AddressRow> {
    const [row] = await db
      .insert(userAddresses)
      .values({ user_id: userId, type, ...values })
      .onConflictDoUpdate({ target: [userAddresses.user_id, userAddresses.type], set: values })
      .returning();
    return row!;
  },
  /** Every custom profile field in order, with the member's values (null where none). */
  fieldsWithValues(db: Db, userId: number): Promise<{ field: FieldRow; values: string[] | null }[]> {
    return db
      .select({ field: profileFields, values: userProfileFieldValues.values })
      .from(profileFields)
      .leftJoin(
        userProfileFieldValues,
        and(
          eq(userProfileFieldValues.field_id, profileFields.id),
          eq(userProfileFieldValues.user_id, userId),
        ),
      )
      .orderBy(asc(profileFields.position), asc(profileFields.id));
  },
  fields(db: Db): Promise<FieldRow[]> {
    return db.select().from(profileFields);
  },
  /** Sets the member's values of fields in one transaction; an empty list removes the field's values. */
  async setFieldValues(
    db: Db,
    userId: number,
    changes: { fieldId: number; values: string[] }[],
  ): Promise<void> {
    await db.transaction(async (tx) => {
      for (const change of changes) {
        const where = and(
          eq(userProfileFieldValues.user_id, userId),
          eq(userProfileFieldValues.field_id, change.fieldId),
        );
        if (change.values.length === 0) {
          await tx.delete(userProfileFieldValues).where(where);
          continue;
        }
        await tx
          .insert(userProfileFieldValues)
          .values({ user_id: userId, field_id: change.fieldId, values: change.values })
          .onConflictDoUpdate({
            target: [userProfileFieldValues.user_id, userProfileFieldValues.field_id],
            set: { values: change.values },
          });
      }
    });
  },
};

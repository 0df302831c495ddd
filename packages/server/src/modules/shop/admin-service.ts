import { type AdminProduct, type ProductData, shopLimits } from '@plaza/contract';
import type { Db } from '../../db/client';
import { forbidden, notFound } from '../../platform/errors';
import type { SessionUser } from '../../platform/request-context';
import { type AuditOrigin, auditedChange, changedFields } from '../audit';
import { type ReceivedUpload, removeImage, type UploadDeps, uploadImage } from '../uploads';
import { forgetCatalogue } from './catalogue-memo';
import { shopPolicy } from './policy';
import { presentAdminProduct } from './presenter';
import { type ProductWithImage, shopRepo } from './repo';

function requireManager(user: SessionUser): void {
  if (!shopPolicy.can(user, 'manage'))
    throw forbidden('Only a superadmin or the shop permission may manage the shop.');
}

async function productToManage(db: Db, user: SessionUser, id: number): Promise<ProductWithImage> {
  requireManager(user);
  const row = await shopRepo.productById(db, id);
  if (!row) throw notFound('The product');
  return row;
}

/** Changes a product and records it in one transaction (`product.<verb>`). */
function auditProduct<T>(
  db: Db,
  user: SessionUser,
  origin: AuditOrigin,
  verb: string,
  id: number | null,
  change: (tx: Db) => Promise<T>,
  describe: (result: T) => { before?: unknown; after?: unknown },
): Promise<T> {
  return auditedChange(db, change, (result) => ({
    actor: user,
    origin,
    action: `product.${verb}`,
    resource_type: 'product',
    resource_id: id ?? (result as number),
    ...describe(result),
  }));
}

const productMissing = () => notFound('The product');

/** The product after a write of it; the members' kept catalogue is dropped. */
async function answer(db: Db, id: number): Promise<AdminProduct> {
  forgetCatalogue(db);
  const row = await shopRepo.productById(db, id);
  if (!row) throw notFound('The product');
  return presentAdminProduct(row);
}

/** The administration's list of products of every state, newest first (keyset on the id). */
export async function listAdminProducts(
  db: Db,
  user: SessionUser,
  query: { before?: number },
): Promise<{ results: AdminProduct[]; next_before: number | null }> {
  requireManager(user);
  const limit = shopLimits.adminListPageSize;
  const rows = await shopRepo.adminProducts(db, { before: query.before, limit: limit + 1 });
  const shown = rows.slice(0, limit);
  return {
    results: shown.map(presentAdminProduct),
    next_before: rows.length > limit ? shown[shown.length - 1]!.id : null,
  };
}

/** A new product (inactive unless the input says otherwise). */
export async function createProduct(
  db: Db,
  user: SessionUser,
  input: ProductData,
  origin: AuditOrigin,
): Promise<AdminProduct> {
  requireManager(user);
  const id = await auditProduct(
    db,
    user,
    origin,
    'create',
    null,
    (tx) => shopRepo.insertProduct(tx, input),
    () => ({ after: input }),
  );
  return answer(db, id);
}

export async function readAdminProduct(db: Db, user: SessionUser, id: number): Promise<AdminProduct> {
  return presentAdminProduct(await productToManage(db, user, id));
}

/** Saves a product's fields; carts show a changed price to their members once (`seen_price`). */
export async function saveProduct(
  db: Db,
  user: SessionUser,
  id: number,
  input: ProductData,
  origin: AuditOrigin,
): Promise<AdminProduct> {
  const row = await productToManage(db, user, id);
  await auditProduct(
    db,
    user,
    origin,
    'update',
    id,
    async (tx) => {
      if (!(await shopRepo.updateProduct(tx, id, input))) throw productMissing();
    },
    () => changedFields(row, input),
  );
  return answer(db, id);
}

/** Deletes a product and its image; carts report their lines of it unavailable, orders keep their copy. */
export async function deleteProduct(
  deps: UploadDeps,
  user: SessionUser,
  id: number,
  origin: AuditOrigin,
): Promise<{ success: true }> {
  const row = await productToManage(deps.db, user, id);
  const removed = await auditProduct(
    deps.db,
    user,
    origin,
    'delete',
    id,
    async (tx) => {
      const deleted = await shopRepo.removeProduct(tx, id);
      if (!deleted) throw productMissing();
      return deleted;
    },
    () => ({ before: { name_de: row.name_de, name_en: row.name_en, price: row.price, active: row.active } }),
  );
  forgetCatalogue(deps.db);
  if (removed.image_id !== null) await removeImage(deps, removed.image_id);
  return { success: true };
}

/** Sets the product's image: checked by content, re-encoded as a square; the previous image goes. */
export async function uploadProductImage(
  deps: UploadDeps,
  user: SessionUser,
  id: number,
  receive: () => Promise<ReceivedUpload>,
  origin: AuditOrigin,
): Promise<AdminProduct> {
  const row = await productToManage(deps.db, user, id);
  const image = await uploadImage(deps, user, await receive(), shopLimits.imageSide);
  try {
    await auditProduct(
      deps.db,
      user,
      origin,
      'image',
      id,
      async (tx) => {
        if (!(await shopRepo.updateProduct(tx, id, { image_id: image.id }))) throw productMissing();
      },
      () => ({ before: { image_id: row.image_id }, after: { image_id: image.id } }),
    );
  } catch (error) {
    await removeImage(deps, image.id);
    throw error;
  }
  if (row.image_id !== null) await removeImage(deps, row.image_id);
  return answer(deps.db, id);
}

/** Removes the product's image. */
export async function removeProductImage(
  deps: UploadDeps,
  user: SessionUser,
  id: number,
  origin: AuditOrigin,
): Promise<AdminProduct> {
  const row = await productToManage(deps.db, user, id);
  if (row.image_id !== null) {
    await auditProduct(
      deps.db,
      user,
      origin,
      'image',
      id,
      (tx) => shopRepo.updateProduct(tx, id, { image_id: null }),
      () => ({ before: { image_id: row.image_id }, after: { image_id: null } }),
    );
    await removeImage(deps, row.image_id);
  }
  return answer(deps.db, id);
}

/** Stores a product without a manager at hand (the demo content and the bench). */
export async function createProductAs(
  db: Db,
  input: ProductData & { image_id?: number | null },
): Promise<number> {
  const id = await shopRepo.insertProduct(db, input);
  forgetCatalogue(db);
  return id;
}

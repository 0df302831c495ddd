import type { Db } from '../../db/client';
import { sharedMemo } from '../../platform/shared-memo';
import type { ProductWithImage } from './repo';

/**
 * How long an instance keeps the active products (`GET shop/products`, the same for every member; the
 * shop page and the CMS pages' shop teaser read them). The administration's writes drop them at once on
 * every instance (`forgetCatalogue`). Stock taken or returned by purchases shows in the catalogue's
 * `available` and `stock_left` after at most this long: the cart and the purchase read the stock itself.
 */
export const CATALOGUE_KEPT_MS = 5_000;

const memo = sharedMemo<ProductWithImage[]>('shop.catalogue.changed', CATALOGUE_KEPT_MS);
const key = 'active';

/** The kept active products, with `mark` and `keep` for the read that refreshes them. */
export const keptCatalogue = {
  mark: memo.mark,
  peek: (db: Db) => memo.peek(db, key),
  keep: (db: Db, rows: ProductWithImage[], mark: number) => memo.keep(db, key, rows, mark),
};

/** Drops the kept catalogue when another instance announces a change. */
export const shareCatalogueChanges = memo.share;

/** After a write of a product or its stock: drops the kept catalogue everywhere. */
export const forgetCatalogue = memo.forget;

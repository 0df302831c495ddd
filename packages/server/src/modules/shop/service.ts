import { type Locale, type ShopItem, shopLimits } from '@plaza/contract';
import type { Db } from '../../db/client';
import { keptCatalogue } from './catalogue-memo';
import { presentShopItem } from './presenter';
import { shopRepo } from './repo';

/**
 * GET shop/products: the active products in the caller's language, newest first. The catalogue is
 * small; the list is bounded at `shopLimits.catalogueMax` all the same (no paging: the shop page and
 * its teaser show it whole). Kept briefly per instance (`catalogue-memo.ts`).
 */
export async function listProducts(db: Db, locale: Locale): Promise<{ results: ShopItem[] }> {
  let rows = keptCatalogue.peek(db);
  if (!rows) {
    const mark = keptCatalogue.mark(db);
    rows = await shopRepo.activeProducts(db, shopLimits.catalogueMax);
    keptCatalogue.keep(db, rows, mark);
  }
  return { results: rows.map((row) => presentShopItem(row, locale)) };
}

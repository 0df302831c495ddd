import { type AdminProduct, type CartItem, type Locale, type ShopItem, shopLimits } from '@plaza/contract';
import { imageUrl } from '../uploads';
import { localName, localOption, type PricedLine } from './pricing';
import type { ProductWithImage } from './repo';

/** A product as members see it, in their language. */
export function presentShopItem(row: ProductWithImage, locale: Locale): ShopItem {
  const description =
    locale === 'de_DE' ? row.description_de || row.description_en : row.description_en || row.description_de;
  return {
    id: row.id,
    name: localName(row, locale),
    description,
    image: imageUrl(row.image_path),
    price: row.price,
    currency: row.currency,
    tax_rate: row.tax_rate,
    options: row.options.map((option) => localOption(option, locale)),
    available: row.stock === null || row.stock > 0,
    stock_left: row.stock !== null && row.stock <= shopLimits.lowStock ? row.stock : null,
  };
}

/** A product as the administration edits it. */
export function presentAdminProduct(row: ProductWithImage): AdminProduct {
  return {
    id: row.id,
    name_de: row.name_de,
    name_en: row.name_en,
    description_de: row.description_de,
    description_en: row.description_en,
    price: row.price,
    currency: row.currency,
    tax_rate: row.tax_rate,
    options: row.options.map((option) => ({
      id: option.id,
      label_de: option.label_de,
      label_en: option.label_en,
    })),
    stock: row.stock,
    active: row.active,
    image: imageUrl(row.image_path),
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
  };
}

/** A priced line of the cart. */
export function presentCartItem(line: PricedLine): CartItem {
  return {
    id: line.id,
    // A deleted product's line keeps showing (as unavailable) until the member removes it.
    product_id: line.product_id ?? 0,
    name: line.name,
    image: imageUrl(line.image_path),
    option: line.option,
    options: line.options,
    quantity: line.quantity,
    unit_price: line.unit_price,
    line_total: line.line_total,
    tax_rate: line.tax_rate,
  };
}

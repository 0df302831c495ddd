import { type ProductData, shopLimits } from '@plaza/contract';
import type { Db } from '../db/client';
import { images } from '../db/schema';
import { createProductAs } from '../modules/shop';
import { newStoredPath, writeStoredFile } from '../modules/uploads';
import { loadSharp } from '../platform/sharp';
import type { ObjectStore } from '../platform/storage';

/** A demo product with the simple drawing of its picture (SVG shapes on a 100 × 100 grid). */
interface DemoProduct extends Omit<ProductData, 'active'> {
  colours: [string, string];
  drawing: string;
}

const sizes = ['s', 'm', 'l', 'xl'].map((id) => ({
  id,
  label_de: id.toUpperCase(),
  label_en: id.toUpperCase(),
}));

/** The spec's four shop items: a mug, a T-shirt and a hoodie in sizes, a book in two editions. */
const demoProducts: DemoProduct[] = [
  {
    name_de: 'Plaza-Tasse',
    name_en: 'Plaza mug',
    description_de: 'Steinguttasse mit Plaza-Logo, 300 ml, spülmaschinenfest.',
    description_en: 'Stoneware mug with the Plaza logo, 300 ml, dishwasher safe.',
    price: 1290,
    currency: 'EUR',
    tax_rate: 1900,
    options: [],
    stock: 120,
    colours: ['#1d4e89', '#f4d35e'],
    drawing:
      '<rect x="28" y="30" width="36" height="44" rx="4"/><path d="M64 40 h8 a8 8 0 0 1 0 22 h-8" fill="none" stroke-width="6"/>',
  },
  {
    name_de: 'T-Shirt „Gemeinsam“',
    name_en: '"Together" T-shirt',
    description_de: 'Bio-Baumwolle, gerader Schnitt, mit Aufdruck auf der Brust.',
    description_en: 'Organic cotton, regular fit, printed on the chest.',
    price: 1990,
    currency: 'EUR',
    tax_rate: 1900,
    options: sizes,
    stock: 60,
    colours: ['#00798c', '#edae49'],
    drawing: '<path d="M30 24 l14 -4 q6 8 12 0 l14 4 l12 14 l-10 8 l-6 -6 v40 h-32 v-40 l-6 6 l-10 -8 z"/>',
  },
  {
    name_de: 'Kapuzenpullover',
    name_en: 'Hoodie',
    description_de: 'Warmer Kapuzenpullover mit Kängurutasche und gesticktem Logo.',
    description_en: 'Warm hoodie with a kangaroo pocket and an embroidered logo.',
    price: 4490,
    currency: 'EUR',
    tax_rate: 1900,
    options: sizes,
    stock: 4,
    colours: ['#7d2e68', '#ffd6a5'],
    drawing:
      '<path d="M36 22 q14 -12 28 0 l16 18 l-8 10 l-6 -6 v42 h-36 v-42 l-6 6 l-8 -10 z"/><rect x="40" y="62" width="20" height="10" rx="3" fill="#ffffff" opacity="0.4"/>',
  },
  {
    name_de: 'Buch „Zusammen arbeiten“',
    name_en: 'Book "Working together"',
    description_de: 'Geschichten aus unserer Gemeinschaft, 240 Seiten.',
    description_en: 'Stories from our community, 240 pages.',
    price: 2490,
    currency: 'EUR',
    tax_rate: 700,
    options: [
      { id: 'hardcover', label_de: 'Gebundene Ausgabe', label_en: 'Hardcover' },
      { id: 'paperback', label_de: 'Taschenbuch', label_en: 'Paperback' },
    ],
    stock: null,
    colours: ['#d1495b', '#ffffff'],
    drawing:
      '<rect x="30" y="20" width="40" height="60" rx="3"/><rect x="36" y="28" width="28" height="6" fill="#ffffff" opacity="0.6"/><rect x="36" y="38" width="20" height="3" fill="#ffffff" opacity="0.6"/>',
  },
];

/** A product's (or subscription's, gift's) square picture: its drawing on a soft gradient, as WebP of `shopLimits.imageSide`. */
export async function productImage(
  db: Db,
  storage: ObjectStore,
  ownerId: number,
  product: Pick<DemoProduct, 'colours' | 'drawing'>,
): Promise<number> {
  const side = shopLimits.imageSide;
  const [from, accent] = product.colours;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${side}" height="${side}" viewBox="0 0 100 100"><defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#f7f7f2"/><stop offset="1" stop-color="#e4e8ee"/></linearGradient></defs><rect width="100" height="100" fill="url(#g)"/><circle cx="50" cy="50" r="40" fill="${from}" opacity="0.12"/><g fill="${from}" stroke="${from}">${product.drawing}</g><circle cx="50" cy="50" r="4" fill="${accent}"/></svg>`;
  const sharp = await loadSharp();
  const data = await sharp(Buffer.from(svg)).webp({ quality: 80 }).toBuffer();
  const path = newStoredPath('images', 'webp');
  const originalPath = newStoredPath('originals', 'webp');
  await writeStoredFile(storage, path, data);
  await writeStoredFile(storage, originalPath, data);
  const [row] = await db
    .insert(images)
    .values({
      owner_id: ownerId,
      original_path: originalPath,
      original_width: side,
      original_height: side,
      path,
      width: side,
      height: side,
    })
    .returning({ id: images.id });
  return row!.id;
}

/** The demo shop: four active products in both languages (pictures when there is a file store). */
export async function seedDemoShop(db: Db, adminId: number, storage?: ObjectStore): Promise<void> {
  for (const product of demoProducts) {
    const { colours: _colours, drawing: _drawing, ...fields } = product;
    const imageId = storage ? await productImage(db, storage, adminId, product) : null;
    await createProductAs(db, { ...fields, active: true, image_id: imageId });
  }
}

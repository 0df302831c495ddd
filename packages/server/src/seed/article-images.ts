import type { Db } from '../db/client';
import { images } from '../db/schema';
import { newStoredPath, writeStoredFile } from '../modules/uploads';
import { loadSharp } from '../platform/sharp';
import type { ObjectStore } from '../platform/storage';

/** Colours of the demo article pictures, by category. */
const palettes: Record<string, [string, string, string]> = {
  company: ['#1d4e89', '#00b2ca', '#f4d35e'],
  people: ['#7d2e68', '#f06c9b', '#ffd6a5'],
  it: ['#1b263b', '#415a77', '#7bdff2'],
  events: ['#d1495b', '#edae49', '#00798c'],
};

/** An abstract 1200 × 600 picture: a diagonal gradient with a few soft circles placed by `seed`. */
function pictureSvg([from, to, accent]: [string, string, string], seed: number): string {
  const circles = Array.from({ length: 5 }, (_, i) => {
    const x = (seed * 211 + i * 257) % 1200;
    const y = (seed * 97 + i * 131) % 600;
    const r = 60 + ((seed + i * 37) % 140);
    return `<circle cx="${x}" cy="${y}" r="${r}" fill="${i % 2 ? accent : '#ffffff'}" opacity="0.18"/>`;
  }).join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="600"><defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient></defs><rect width="1200" height="600" fill="url(#g)"/>${circles}</svg>`;
}

/** Stores a demo picture for an article as an uploaded image of the owner; returns the image id. */
export async function seedArticleImage(
  db: Db,
  storage: ObjectStore,
  ownerId: number,
  category: string,
  seed: number,
): Promise<number> {
  const palette = palettes[category] ?? palettes.company!;
  const sharp = await loadSharp();
  const data = await sharp(Buffer.from(pictureSvg(palette, seed)))
    .webp({ quality: 80 })
    .toBuffer();
  const path = newStoredPath('images', 'webp');
  const originalPath = newStoredPath('originals', 'webp');
  await writeStoredFile(storage, path, data);
  await writeStoredFile(storage, originalPath, data);
  const [row] = await db
    .insert(images)
    .values({
      owner_id: ownerId,
      original_path: originalPath,
      original_width: 1200,
      original_height: 600,
      path,
      width: 1200,
      height: 600,
    })
    .returning({ id: images.id });
  return row!.id;
}

import { createHash } from 'node:crypto';
import type { SharpOptions } from 'sharp';
import { AppError, badRequest } from '../../platform/errors';
import { loadSharp } from '../../platform/sharp';

/** The logo's largest box: wide logos stay sharp in the app bar and in mails, at a bounded size. */
const logoBox = { width: 1200, height: 600 };
/** The favicon's sizes: the browser tab's and the home screen's (apple-touch-icon). */
export const faviconSizes = [32, 180] as const;

const inputOptions: SharpOptions = {
  limitInputPixels: 25_000_000,
  failOn: 'error',
  autoOrient: true,
  pages: 1,
};

export interface BrandingFile {
  file: string;
  content: Buffer;
}

/** A short hash of the upload: the files' names, so a name never changes meaning. */
const contentHash = (data: Buffer) => createHash('sha256').update(data).digest('hex').slice(0, 20);

async function encode(work: () => Promise<Buffer>): Promise<Buffer> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof AppError) throw error;
    if (error instanceof Error && /pixel limit/i.test(error.message))
      throw new AppError(413, 'payload_too_large', 'The image has too many pixels.', 'file');
    throw badRequest('The image could not be read.', 'file');
  }
}

/** The logo as a PNG without metadata, inside 1200 x 600 px (never enlarged). */
export async function encodeLogo(data: Buffer): Promise<BrandingFile> {
  const sharp = await loadSharp();
  const content = await encode(() =>
    sharp(data, inputOptions)
      .resize({ ...logoBox, fit: 'inside', withoutEnlargement: true })
      .png({ compressionLevel: 9 })
      .toBuffer(),
  );
  return { file: `${contentHash(data)}.png`, content };
}

/** The favicon as square PNGs of each size (the image centred on a transparent square): `<hash>-<size>.png`. */
export async function encodeFavicon(data: Buffer): Promise<BrandingFile[]> {
  const sharp = await loadSharp();
  const hash = contentHash(data);
  return Promise.all(
    faviconSizes.map(async (size) => ({
      file: `${hash}-${size}.png`,
      content: await encode(() =>
        sharp(data, inputOptions)
          .resize({ width: size, height: size, fit: 'contain', background: { r: 0, g: 0, b: 0, alpha: 0 } })
          .png({ compressionLevel: 9 })
          .toBuffer(),
      ),
    })),
  );
}

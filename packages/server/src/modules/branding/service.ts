import { type AdminDocument, adminLimits, buildPath, endpoints } from '@plaza/contract';
import type { Db } from '../../db/client';
import { AppError, notFound } from '../../platform/errors';
import type { SessionUser } from '../../platform/request-context';
import type { AuditOrigin } from '../audit';
import { changeDocument, getSettings, requireAdministrator } from '../settings';
import { detectImageType, type ReceivedUpload, requireContent } from '../uploads';
import { encodeFavicon, encodeLogo } from './images';
import { brandingRepo } from './repo';

export type BrandingKind = 'logo' | 'favicon';

const settingOf = { logo: 'logo_url', favicon: 'favicon_url' } as const;

/** The public address of a stored file. */
const fileUrl = (kind: BrandingKind, file: string) =>
  buildPath(endpoints.admin.brandingImage.path, { kind, file });

/** Sets the logo or favicon URL in the settings: a new version, audited as a branding change. */
async function setImage(
  db: Db,
  user: SessionUser,
  origin: AuditOrigin,
  kind: BrandingKind,
  url: string | null,
): Promise<AdminDocument> {
  const settings = await getSettings(db);
  return changeDocument(
    db,
    'settings',
    { ...settings, company: { ...settings.company, [settingOf[kind]]: url } },
    {
      actor: user,
      origin,
      audit: {
        action: url ? `branding.${kind}` : `branding.${kind}_remove`,
        resource_type: 'branding',
        resource_id: kind,
      },
    },
  );
}

/**
 * Sets the logo or favicon from one uploaded image, checked by its content (415 for anything else): the
 * logo re-encoded as a bounded PNG, the favicon as 32 px and 180 px PNGs (the settings name the 32 px
 * one; the 180 px one has the same name ending in `-180.png`).
 */
export async function uploadBrandingImage(
  db: Db,
  user: SessionUser,
  origin: AuditOrigin,
  kind: BrandingKind,
  receive: () => Promise<ReceivedUpload>,
): Promise<AdminDocument> {
  requireAdministrator(user);
  const { data } = await receive();
  requireContent(data);
  if (data.length > adminLimits.brandingImageBytesMax)
    throw new AppError(
      413,
      'payload_too_large',
      `The image is larger than ${adminLimits.brandingImageBytesMax / 1024 / 1024} MB.`,
      'file',
    );
  await detectImageType(data);
  const files = kind === 'logo' ? [await encodeLogo(data)] : await encodeFavicon(data);
  await brandingRepo.insert(
    db,
    files.map(({ file, content }) => ({ file, kind, mime: 'image/png', content })),
  );
  return setImage(db, user, origin, kind, fileUrl(kind, files[0]!.file));
}

/** Removes the logo or favicon from the settings (the files stay for the versions that name them). */
export async function removeBrandingImage(
  db: Db,
  user: SessionUser,
  origin: AuditOrigin,
  kind: BrandingKind,
): Promise<AdminDocument> {
  requireAdministrator(user);
  return setImage(db, user, origin, kind, null);
}

/** A stored file, for the public address. */
export async function brandingFile(db: Db, kind: BrandingKind, file: string) {
  const found = await brandingRepo.find(db, kind, file);
  if (!found) throw notFound('The image');
  return found;
}

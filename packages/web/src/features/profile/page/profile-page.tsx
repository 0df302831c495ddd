import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import type { Profile } from '@plaza/contract';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams, useSearchParams } from 'react-router';
import { usePageTitle } from '../../../app/page-title';
import { useSession } from '../../../app/session';
import { useLang } from '../../../app/use-lang';
import { DataExportControl } from '../../../components/data-export-control';
import { LazyImageUploadDialog } from '../../../components/image-upload/lazy-image-upload-dialog';
import { ApiRequestError } from '../../../lib/api-client';
import { useLoadFailureRedirect } from '../../../lib/use-load-failure-redirect';
import { cropAvatar, profileQuery, uploadAvatar, useAvatarSaved } from '../api/profile';
import { LazyProfileEditDialog } from '../edit/lazy-profile-edit-dialog';
import { DeleteAccountButton, EditButton, FollowButton, SendMessageButton } from './profile-actions';
import { ProfileHeader, profileName } from './profile-header';
import { SectionCards, SectionColumns } from './section-layouts';
import { profileSections } from './sections';

const notFound = new ApiRequestError(404, [{ code: 'not_found', message: 'Not found' }]);

type Notice = { text: string; severity: 'success' | 'error' };

/**
 * A loaded profile: header with the viewer's actions, the sections in the layout the settings
 * choose (`section_variant`), the member's own data export on their own profile, and the edit,
 * picture and delete overlays when the viewer may use them.
 */
export function ProfileView({ profile }: { profile: Profile }) {
  const { t } = useTranslation();
  const lang = useLang();
  const session = useSession();
  const viewerId = session.user?.id ?? 0;
  const own = viewerId === profile.id;
  const [editing, setEditing] = useState(false);
  const [picture, setPicture] = useState(false);
  const [notice, setNotice] = useState<Notice | null>(null);
  const avatarSaved = useAvatarSaved(profile.id);
  const sections = profileSections(profile, t, lang);
  const Layout = profile.section_variant === 'variant' ? SectionColumns : SectionCards;
  const say = (text: string, severity: Notice['severity'] = 'success') => setNotice({ text, severity });

  return (
    <Box component="article" aria-label={t('profile.page_label', { name: profileName(profile) })}>
      <ProfileHeader
        profile={profile}
        onChangePicture={profile.editable ? () => setPicture(true) : undefined}
        actions={
          <>
            {profile.editable && <EditButton onClick={() => setEditing(true)} />}
            {!own && <FollowButton profile={profile} viewerId={viewerId} onNotice={say} />}
            {!own && <SendMessageButton profile={profile} onNotice={say} />}
          </>
        }
      />
      {notice && (
        <Alert
          severity={notice.severity}
          role={notice.severity === 'error' ? 'alert' : 'status'}
          onClose={() => setNotice(null)}
          sx={{ mb: 3 }}
        >
          {notice.text}
        </Alert>
      )}
      {sections.length > 0 ? (
        <Layout sections={sections} />
      ) : (
        <Typography color="text.secondary">
          {t('profile.sections.empty', { name: profileName(profile) })}
        </Typography>
      )}
      {own && (
        <Box sx={{ mt: 5, pt: 3, borderTop: 1, borderColor: 'divider' }}>
          <DataExportControl memberId={profile.id} own />
        </Box>
      )}
      {(profile.deletable || profile.deletion_blocked) && (
        <Box sx={{ mt: 5, pt: 3, borderTop: 1, borderColor: 'divider' }}>
          <DeleteAccountButton profile={profile} own={own} />
        </Box>
      )}
      {profile.editable && (
        <>
          <LazyProfileEditDialog
            open={editing}
            profile={profile}
            onClose={() => setEditing(false)}
            onSaved={() => say(t('profile.notices.saved'))}
          />
          <LazyImageUploadDialog
            open={picture}
            onClose={() => setPicture(false)}
            title={t('profile.actions.change_picture')}
            aspect={1}
            round
            target={{
              upload: (file) => uploadAvatar(profile.id, file),
              crop: async (imageId, coordinates) => {
                const avatar = await cropAvatar(profile.id, imageId, coordinates);
                if (!avatar.image) throw notFound;
                return avatar.image;
              },
            }}
            onDone={async () => {
              await avatarSaved();
              say(t('profile.notices.picture_saved'));
            }}
          />
        </>
      )}
    </Box>
  );
}

/** The profile page (`/{lang}/who_is_who/{id}`, route name profile; `?view=admin` is the admin view). */
export function ProfilePage() {
  const { t } = useTranslation();
  const id = Number(useParams().id);
  const [search] = useSearchParams();
  const valid = Number.isInteger(id) && id > 0;
  const profile = useQuery({ ...profileQuery(id, search.get('view') === 'admin'), enabled: valid });
  useLoadFailureRedirect(valid ? profile.error : notFound);
  usePageTitle(profile.data && `${profile.data.firstname} ${profile.data.lastname}`.trim());
  if (!profile.data)
    return profile.isError || !valid ? null : <CircularProgress aria-label={t('profile.loading')} />;
  return <ProfileView key={id} profile={profile.data} />;
}

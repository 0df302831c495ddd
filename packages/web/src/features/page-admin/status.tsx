import Chip from '@mui/material/Chip';
import type { AdminPage } from '@plaza/contract';
import { legalPageTypes } from '@plaza/contract/settings';
import { useTranslation } from 'react-i18next';

/** The keys of the settings' pages map a page can be named under here. */
export const assignmentKeys = ['landing', ...legalPageTypes] as const;

const statusColor = { draft: 'default', published: 'success', unpublished: 'warning' } as const;

/** A page's state: draft, published or taken offline, and whether its draft has changes readers do not see. */
export function StatusChips({ status, changes }: { status: AdminPage['status']; changes: boolean }) {
  const { t } = useTranslation();
  return (
    <>
      <Chip size="small" color={statusColor[status]} label={t(`page_admin.status.${status}`)} />
      {changes && status !== 'draft' && (
        <Chip size="small" color="info" variant="outlined" label={t('page_admin.status.changes')} />
      )}
    </>
  );
}

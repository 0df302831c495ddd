import Box from '@mui/material/Box';
import Pagination from '@mui/material/Pagination';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { readPage } from '../lib/list-params';

/** The current page from the address's `page` query (1 when missing or not a positive whole number). */
export function usePageParam(): number {
  const [params] = useSearchParams();
  return readPage(params);
}

/**
 * Page links for a list whose page lives in the address's `page` query; other query values stay.
 * Page 1 has no `page` query. Hidden when there is only one page.
 */
export function UrlPagination({ count }: { count: number }) {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const page = usePageParam();
  if (count <= 1) return null;
  return (
    <Box
      component="nav"
      aria-label={t('list_controls.pagination.label')}
      sx={{ display: 'flex', justifyContent: 'center', mt: 3 }}
    >
      <Pagination
        count={count}
        page={Math.min(page, count)}
        color="primary"
        siblingCount={0}
        onChange={(_, next) => {
          const nextParams = new URLSearchParams(params);
          if (next === 1) nextParams.delete('page');
          else nextParams.set('page', String(next));
          setParams(nextParams);
          window.scrollTo?.({ top: 0 });
        }}
        getItemAriaLabel={(type, item, selected) => {
          if (type === 'page')
            return selected
              ? t('list_controls.pagination.current', { page: item })
              : t('list_controls.pagination.page', { page: item });
          return t(`list_controls.pagination.${type}`);
        }}
      />
    </Box>
  );
}

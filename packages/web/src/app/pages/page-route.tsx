import { maxId, previewIdPattern } from '@plaza/contract/constants';
import { Navigate, useParams } from 'react-router';
import { PageView, PreviewView } from '../../features/pages/page-view';
import { resolveLegalPage } from '../guard';
import { useSession } from '../session';
import { useLang } from '../use-lang';
import { NotFoundPage } from './error-pages';

/** `/page/{id}`: a CMS page by its number; a legal-page marker id resolves through the pages map first. */
export function PageRoute() {
  const { id = '' } = useParams();
  const lang = useLang();
  const { settings } = useSession();
  const target = resolveLegalPage(id, settings.pages, lang);
  if (target) return <Navigate to={target} replace />;
  const pageId = /^[1-9]\d{0,9}$/.test(id) ? Number(id) : 0;
  if (!pageId || pageId > maxId) return <NotFoundPage />;
  return <PageView key={pageId} id={pageId} />;
}

/** `/previews/{id}`: the unpublished version of a page by its random preview id (anyone with the address). */
export function PreviewRoute() {
  const { id = '' } = useParams();
  if (!previewIdPattern.test(id)) return <NotFoundPage />;
  return <PreviewView key={id} id={id} />;
}

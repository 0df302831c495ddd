import { Navigate, useParams } from 'react-router';
import { resolveLegalPage } from '../guard';
import { useSession } from '../session';
import { useLang } from '../use-lang';
import { NotFoundPage } from './error-pages';

/**
 * `/page/{id}`: a legal-page marker id resolves through the pages map. CMS pages themselves arrive
 * with the pages feature; until then a numeric id has no page to show.
 */
export function PageRoute() {
  const { id = '' } = useParams();
  const lang = useLang();
  const { settings } = useSession();
  const target = resolveLegalPage(id, settings.pages, lang);
  if (target) return <Navigate to={target} replace />;
  return <NotFoundPage />;
}

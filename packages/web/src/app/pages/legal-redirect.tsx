import { Navigate } from 'react-router';
import { useSession } from '../session';
import { useLang } from '../use-lang';

function LegalRedirect({ type }: { type: string }) {
  const lang = useLang();
  const { settings } = useSession();
  const id = settings.pages[type];
  return <Navigate to={id ? `/${lang}/page/${id}` : `/${lang}/404`} replace />;
}

/** /terms: the terms page of the pages map. */
export const TermsRedirect = () => <LegalRedirect type="terms" />;
/** /q-and-a: the Q&A page of the pages map. */
export const QAndARedirect = () => <LegalRedirect type="q_and_a" />;
/** /imprint: the imprint page of the pages map. */
export const ImprintRedirect = () => <LegalRedirect type="imprint" />;
/** /privacy: the privacy page of the pages map. */
export const PrivacyRedirect = () => <LegalRedirect type="privacy" />;

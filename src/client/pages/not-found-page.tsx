import { NotFoundView } from '../components/public/page-sections';
import { useUiText } from '../lib/i18n';

/** Any unknown path (docs/product.md §2.1, §2.4.11): 'Page Not Found', answered with HTTP 404 on the server. */
export default function NotFoundPage() {
  const t = useUiText();
  return <NotFoundView title={t('notFound.title')} text={t('notFound.text')} />;
}

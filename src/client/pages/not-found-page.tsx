import { SITE } from '../../shared/site';
import { useHead } from '../components/public/head';
import { NotFoundView } from '../components/public/page-sections';
import { useLanguage, useTranslate } from '../lib/i18n';
import { useHttpStatus } from '../ssr/ssr-context';

/** Any unknown path (spec route table): 'Page Not Found', answered with HTTP 404 on the server. */
export default function NotFoundPage() {
  useHttpStatus(404);
  const lang = useLanguage();
  const t = useTranslate();
  const title = t('notFound.title', 'Page Not Found');
  useHead({ title, suffix: t('meta.title.suffix', SITE.name), description: title, noindex: true });
  return (
    <NotFoundView
      title={title}
      text={t('notFound.text', 'The page you’re looking for doesn’t exist or has moved.')}
      homeHref={`/${lang}/home`}
      homeLabel={t('placeDetail.backHome', 'Back to home')}
    />
  );
}

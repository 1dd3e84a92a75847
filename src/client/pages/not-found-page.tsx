import { useHead } from '../components/public/head';
import { NotFoundView } from '../components/public/page-sections';
import { useLanguage, useTranslate } from '../lib/i18n';
import { useHttpStatus } from '../ssr/ssr-context';

/** Any unknown path (spec route table): 'Page Not Found', answered with HTTP 404 on the server. */
export default function NotFoundPage() {
  useHttpStatus(404);
  const lang = useLanguage();
  const t = useTranslate();
  const title = t('notFound.title');
  useHead({ title, suffix: t('meta.title.suffix'), description: title, noindex: true });
  return (
    <NotFoundView
      title={title}
      text={t('notFound.text')}
      homeHref={`/${lang}/home`}
      homeLabel={t('placeDetail.backHome')}
    />
  );
}

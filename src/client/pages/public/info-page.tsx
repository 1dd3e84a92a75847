import type { InfoPage } from '@/shared/site';
import { useHead } from '../../components/public/head';
import { HydratedMark } from '../../components/public/hydrated-mark';
import { Spinner } from '../../components/public/spinner';
import { TextPage } from '../../components/public/text-page';
import { useLanguage, useTranslate } from '../../lib/i18n';
import { infoPageQuery, usePublicQuery } from '../../lib/public-queries';
import { INFO_PAGE_TITLES } from '../../components/public/site-footer';
import SlugPage from './slug-page';

/**
 * /{lang}/about, /contact, /privacy, /imprint: the text the site's operator configured (SITE_ABOUT_TEXT,
 * ...), paragraphs apart by blank lines and lines kept as written (an address). Not configured: the
 * address is read as any other, so it is not found (404).
 */
export default function InfoPagePage({ page }: { page: InfoPage }) {
  const lang = useLanguage();
  const t = useTranslate();
  const info = usePublicQuery(infoPageQuery(page, lang));
  if (info.data === null || info.isError) return <SlugPage slug={page} />;
  if (!info.data) return <Spinner label={t('common.loading')} />;
  return <InfoText page={page} text={info.data.text} />;
}

function InfoText({ page, text }: { page: InfoPage; text: string }) {
  const t = useTranslate();
  const title = t(INFO_PAGE_TITLES[page]);
  useHead({ title, suffix: t('meta.title.suffix'), description: text, path: page });
  const paragraphs = text
    .split(/\n\s*\n/)
    .map((part) => part.trim())
    .filter(Boolean);
  return (
    <>
      <TextPage title={title} paragraphs={paragraphs} />
      <HydratedMark />
    </>
  );
}

import type { InfoPage } from '@/shared/site';
import { useHead } from '../../components/public/head';
import { HydratedMark } from '../../components/public/hydrated-mark';
import { Spinner } from '../../components/public/spinner';
import { TextPage } from '../../components/public/text-page';
import { useUiText } from '../../lib/i18n';
import { usePageParams, type Load, type PageParams } from '../../lib/page-data';
import { infoPageQuery, usePublicQuery } from '../../lib/public-queries';
import { INFO_PAGE_TITLES } from '../../components/public/site-footer';
import SlugPage, { prefetch as prefetchAddress } from './slug-page';

/** The footer page's text; the path is the page (about, contact, privacy, imprint). */
export const data = ({ slug, lang }: PageParams) => ({ info: infoPageQuery(slug as InfoPage, lang) });
/** A footer page the site does not serve is read as any other address (not found, or an old slug). */
export const prefetch = async (params: PageParams, load: Load) => {
  if (!(await load(data(params).info))) await prefetchAddress(params, load);
};

/**
 * /{lang}/about, /contact, /privacy, /imprint: the text the site's operator configured (SITE_ABOUT_TEXT,
 * ...), paragraphs apart by blank lines and lines kept as written (an address). Not configured: the
 * address is read as any other, so it is not found (404).
 */
export default function InfoPagePage({ page }: { page: InfoPage }) {
  const t = useUiText();
  const info = usePublicQuery(data(usePageParams(page)).info);
  if (info.data === null || info.isError) return <SlugPage slug={page} />;
  if (!info.data) return <Spinner label={t('common.loading')} />;
  return <InfoText page={page} text={info.data.text} />;
}

function InfoText({ page, text }: { page: InfoPage; text: string }) {
  const t = useUiText();
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

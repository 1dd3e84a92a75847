import { HOW_WE_WRITE_PAGE } from '@/shared/site';
import { useHead } from '../../components/public/head';
import { TextPage } from '../../components/public/text-page';
import { useUiText } from '../../lib/i18n';
import { siteSettingsQuery, usePublicQuery } from '../../lib/public-queries';

const WITH_MODEL = ['howWeWrite.text1', 'howWeWrite.text2', 'howWeWrite.text3', 'howWeWrite.text4'] as const;
const WITHOUT_MODEL = ['howWeWrite.noModel1', 'howWeWrite.noModel2', 'howWeWrite.noModel3'] as const;

/**
 * /{lang}/how-we-write: how the site's text is written, translated and reviewed, where the notes
 * on unreviewed text link (docs/decisions/018-review-per-language.md). Its text is interface text,
 * chosen by the configuration in force: with an AI model or without one (decision 032).
 */
export default function HowWeWritePage() {
  const t = useUiText();
  const aiModel = usePublicQuery(siteSettingsQuery()).data?.aiModel ?? false;
  const keys = aiModel ? WITH_MODEL : WITHOUT_MODEL;
  const paragraphs = keys.map((key) => t(key));
  const title = t('howWeWrite.title');
  useHead({ title, suffix: t('meta.title.suffix'), description: t(keys[0]), path: HOW_WE_WRITE_PAGE });
  return <TextPage title={title} paragraphs={paragraphs} />;
}

import { HOW_WE_WRITE_PAGE } from '@/shared/site';
import { useHead } from '../../components/public/head';
import { TextPage } from '../../components/public/text-page';
import { useUiText } from '../../lib/i18n';

const PARAGRAPHS = ['howWeWrite.text1', 'howWeWrite.text2', 'howWeWrite.text3', 'howWeWrite.text4'] as const;

/**
 * /{lang}/how-we-write: how the site's text is written, translated and reviewed, where the notes
 * on unreviewed text link (docs/decisions/018-review-per-language.md). Its text is interface text.
 */
export default function HowWeWritePage() {
  const t = useUiText();
  const title = t('howWeWrite.title');
  useHead({ title, suffix: t('meta.title.suffix'), description: t('howWeWrite.text1'), path: HOW_WE_WRITE_PAGE });
  return <TextPage title={title} paragraphs={PARAGRAPHS.map((key) => t(key))} />;
}

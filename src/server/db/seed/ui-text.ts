import type { LanguageCode } from '@/shared/languages';
import type { UiTextKey } from '@/shared/ui-text';
import de from '@/shared/ui-text/de.json';
import en from '@/shared/ui-text/en.json';
import es from '@/shared/ui-text/es.json';
import fr from '@/shared/ui-text/fr.json';
import zh from '@/shared/ui-text/zh.json';

/**
 * Every language's interface text (src/shared/ui-text/{code}.json). Seeded on start: missing keys
 * are added, existing values (perhaps edited by hand) are never overwritten. A language file that
 * lacks one of English's keys does not compile.
 */
export const UI_TEXT_BY_LANGUAGE = { en, es, de, fr, zh } satisfies Record<LanguageCode, Record<UiTextKey, string>>;

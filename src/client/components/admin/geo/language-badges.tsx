import { LANGUAGE_CODES } from '../../../../shared/languages';
import { Badge } from '../../ui/badge';

/** EN always (the original text), then every language with a stored translation, in site order. */
export function LanguageBadges({ translated }: { translated: readonly string[] }) {
  const codes = LANGUAGE_CODES.filter((code) => code === 'en' || translated.includes(code));
  return (
    <ul className="flex flex-wrap gap-1.5" aria-label="Languages">
      {codes.map((code) => (
        <li key={code}>
          <Badge variant={code === 'en' ? 'secondary' : 'default'}>{code.toUpperCase()}</Badge>
        </li>
      ))}
    </ul>
  );
}

import { AlertTriangle, Check, Clock, Loader2, Minus, type LucideIcon } from 'lucide-react';
import type {
  LanguageTranslationDto,
  TranslationJobDto,
  TranslationStateDto,
  TranslationStatus,
} from '@/shared/api/translation-status';
import { LANGUAGES } from '@/shared/languages';
import { Badge } from '../ui/badge';
import { countText } from '@/shared/count-text';

const LOOK: Record<
  TranslationStatus,
  { variant: 'success' | 'warning' | 'outline' | 'destructive'; icon: LucideIcon; text: string }
> = {
  current: { variant: 'success', icon: Check, text: 'up to date' },
  outdated: { variant: 'warning', icon: Clock, text: 'outdated' },
  missing: { variant: 'outline', icon: Minus, text: 'missing' },
  failed: { variant: 'destructive', icon: AlertTriangle, text: 'failed' },
};

const PART_NAMES = { text: 'text', history: 'history', facts: 'trivia' } as const;

const nameOf = (lang: string) => LANGUAGES.find((l) => l.code === lang)?.name ?? lang.toUpperCase();

/** "German: outdated (history)", "German: failed: <the provider's reason>": the badge's hover text and accessible name. */
export function badgeLabel(language: LanguageTranslationDto): string {
  const { status, reason, parts } = language;
  const name = nameOf(language.languageCode);
  if (status === 'failed') return `${name}: failed${reason ? `: ${reason}` : ''}`;
  if (status === 'missing') return `${name}: missing (visitors read English)`;
  const lagging = parts.filter((p) => p.status !== 'current').map((p) => PART_NAMES[p.part]);
  return `${name}: ${LOOK[status].text}${lagging.length ? ` (${lagging.join(', ')})` : ''}`;
}

const time = (iso: string) => new Date(iso).toLocaleTimeString([], { hour: '2-digit', minute: '2-digit' });

/** What the translation job is doing, when that is worth a line: waiting, running, or given up. */
export function jobLine(job: TranslationJobDto | null): { text: string; busy: boolean; failed: boolean } | undefined {
  if (!job || job.state === 'done') return undefined;
  if (job.state === 'running') return { text: 'Translating…', busy: true, failed: false };
  if (job.state === 'failed') {
    return {
      text: `Translation stopped after ${countText(job.attempts, 'attempt')}. Use Translate or edit to try again.`,
      busy: false,
      failed: true,
    };
  }
  const later = new Date(job.nextRunAt).getTime() > Date.now() + 1000;
  return {
    text: later ? `Translation retries at ${time(job.nextRunAt)}` : 'Translation queued',
    busy: false,
    failed: false,
  };
}

/**
 * EN (the original), then one badge per other language with its state: up to date, outdated,
 * missing or failed, told by colour, icon and text (hover, and for screen readers), the failure's
 * reason included; and a line about the translation job while one waits or runs.
 */
export function LanguageBadges({ translations }: { translations: TranslationStateDto }) {
  const job = jobLine(translations.job);
  return (
    <div className="flex flex-col gap-1">
      <ul className="flex flex-wrap gap-1.5" aria-label="Languages">
        <li>
          <Badge variant="secondary" title="English: the original text">
            <span aria-hidden="true">EN</span>
            <span className="sr-only">English: the original text</span>
          </Badge>
        </li>
        {translations.languages.map((language) => {
          const look = LOOK[language.status];
          const Icon = look.icon;
          const label = badgeLabel(language);
          return (
            <li key={language.languageCode}>
              <Badge variant={look.variant} title={label} data-status={language.status}>
                <Icon className="size-3" aria-hidden="true" />
                <span aria-hidden="true">{language.languageCode.toUpperCase()}</span>
                <span className="sr-only">{label}</span>
              </Badge>
            </li>
          );
        })}
      </ul>
      {job && (
        <p className={`flex items-center gap-1.5 text-xs ${job.failed ? 'text-red-700' : 'text-slate-600'}`}>
          {job.busy && <Loader2 className="size-3 animate-spin" aria-hidden="true" />}
          {job.text}
        </p>
      )}
    </div>
  );
}

import type { ReactNode } from 'react';
import type { VisitDto } from '@/shared/api/visit-facts';
import type { UiTextKey } from '@/shared/ui-text';
import { closesNextDay, formatDays, formatDuration, formatHours, priceText } from '@/shared/visit-format';
import { englishIf, useLanguage, useUiText } from '../../lib/i18n';
import { ShownInEnglish } from './page-sections';

function Fact({ label, lang, children }: { label: string; lang?: string; children: ReactNode }) {
  return (
    <div className="visit-fact">
      <dt className="font-semibold text-slate-900">{label}</dt>
      <dd className="text-slate-700" lang={lang}>
        {children}
      </dd>
    </div>
  );
}

/**
 * "Plan your visit" (decision 043): the owner's facts in the page's language. Weekdays, times,
 * prices and lengths are written by Intl in the page's locale; a free text the language lacks is
 * the English one, marked as such.
 */
export function VisitBox({ visit }: { visit: VisitDto }) {
  const lang = useLanguage();
  const t = useUiText();
  const english = (field: string) => englishIf(visit.englishFields, field);
  const label = (key: UiTextKey) => t(key);
  const price = priceText(visit, lang, label('visit.free'));
  const priceLang = visit.price ? undefined : english('priceText');
  return (
    <div className="visit-box rounded-2xl border border-slate-200 bg-slate-50 p-6">
      {visit.englishFields.length > 0 && <ShownInEnglish />}
      <dl className="grid gap-4 sm:grid-cols-2">
        {visit.address && (
          <Fact label={label('visit.address')}>
            <address className="not-italic">{visit.address}</address>
          </Fact>
        )}
        {(visit.openingHours.length > 0 || visit.hoursNote) && (
          <Fact label={label('visit.hours')}>
            {visit.openingHours.length > 0 && (
              <ul className="space-y-1">
                {visit.openingHours.map((row, i) => (
                  <li key={i}>
                    <span className="font-medium">{formatDays(row.days, lang)}</span>{' '}
                    <span className="tabular-nums">{formatHours(row, lang)}</span>
                    {closesNextDay(row) && ` ${label('visit.afterMidnight')}`}
                  </li>
                ))}
              </ul>
            )}
            {visit.hoursNote && (
              <p className="mt-1" lang={english('hoursNote')}>
                {visit.hoursNote}
              </p>
            )}
          </Fact>
        )}
        {price && (
          <Fact label={label('visit.price')} lang={priceLang}>
            {price}
          </Fact>
        )}
        {visit.duration && <Fact label={label('visit.duration')}>{formatDuration(visit.duration, lang)}</Fact>}
        {visit.accessibility && (
          <Fact label={label('visit.accessibility')} lang={english('accessibility')}>
            {visit.accessibility}
          </Fact>
        )}
        {visit.website && (
          <Fact label={label('visit.website')}>
            <a href={visit.website} rel="nofollow noopener" className="break-all text-brand-700 underline">
              {new URL(visit.website).hostname}
            </a>
          </Fact>
        )}
      </dl>
      <p className="mt-4 text-sm text-slate-600">{label('visit.checkNote')}</p>
    </div>
  );
}

import { useQuery } from '@tanstack/react-query';
import type { DashboardDto } from '@/shared/api/review';
import { LANGUAGES } from '@/shared/languages';
import { SiteLink } from '@/client/lib/navigation';
import { cn } from '@/client/lib/utils';
import { DashboardCard } from './dashboard-card';
import { Skeleton } from '../../ui/form-controls';

const DASHBOARD_KEY = ['api', 'admin', 'dashboard'] as const;
const PLACES = '/iladmin/edit-places';

interface Count {
  label: string;
  count: number;
  to: string;
  /** Counts that mean work to do are highlighted while they are not zero. */
  todo?: boolean;
}

function countsOf(d: DashboardDto): Array<{ title: string; counts: Count[] }> {
  return [
    {
      title: 'Places',
      counts: [
        { label: 'Places', count: d.places, to: PLACES },
        { label: 'Drafts', count: d.drafts, to: `${PLACES}?state=draft`, todo: true },
        { label: 'Places awaiting review', count: d.placesAwaitingReview, to: `${PLACES}?review=needed`, todo: true },
      ],
    },
    {
      title: 'Text awaiting review, per language',
      counts: d.awaitingReview.map(({ languageCode: lang, places }) => ({
        label: LANGUAGES.find((l) => l.code === lang)?.name ?? lang,
        count: places,
        to: `${PLACES}?review=${lang}`,
        todo: true,
      })),
    },
    {
      title: 'Translations',
      counts: [
        {
          label: 'Outdated translations',
          count: d.outdatedTranslations,
          to: `${PLACES}?translations=outdated`,
          todo: true,
        },
        { label: 'Failed translations', count: d.failedTranslations, to: `${PLACES}?translations=failed`, todo: true },
      ],
    },
    {
      title: 'Cities and countries',
      counts: [
        { label: 'Missing cities', count: d.missingCities, to: '/iladmin/edit-cities', todo: true },
        { label: 'Cities awaiting review', count: d.citiesAwaitingReview, to: '/iladmin/edit-cities', todo: true },
        { label: 'Missing countries', count: d.missingCountries, to: '/iladmin/edit-countries', todo: true },
        {
          label: 'Countries awaiting review',
          count: d.countriesAwaitingReview,
          to: '/iladmin/edit-countries',
          todo: true,
        },
      ],
    },
    {
      title: 'Trash',
      counts: [{ label: 'Items in the trash', count: d.inTrash, to: '/iladmin/trash', todo: false }],
    },
  ];
}

/** The dashboard's counts (GET /api/admin/dashboard), fresh whenever a screen shows them. */
export const useDashboardCounts = () => useQuery<DashboardDto>({ queryKey: DASHBOARD_KEY, staleTime: 0 });

/** A site with no place and nothing in the trash: its owner's first visit, or as good as. */
export const isEmptySite = (d: DashboardDto) => d.places === 0 && d.inTrash === 0;

/**
 * The dashboard's "What needs you": counts of places, drafts, text awaiting review per language,
 * outdated and failed translations, missing cities and countries, each a link to its list.
 */
export function NeedsAttention() {
  const dashboard = useDashboardCounts();
  return (
    <DashboardCard
      title="What needs you"
      description="Each number opens its list."
      contentClassName="grid gap-6 sm:grid-cols-2"
      query={dashboard}
      loadFailure="The counts could not be loaded."
    >
      {dashboard.isError ? null : !dashboard.data ? (
        <Skeleton className="h-32 sm:col-span-2" />
      ) : isEmptySite(dashboard.data) ? (
        // no rows of zeros on an empty site: one sentence until there is something to count
        <p className="text-slate-700 sm:col-span-2">
          Nothing yet: counts of drafts, reviews and translations appear here once you have places.
        </p>
      ) : (
        countsOf(dashboard.data).map((group) => (
          <section key={group.title} aria-label={group.title}>
            <h3 className="mb-2 text-sm font-semibold text-slate-700">{group.title}</h3>
            <ul className="flex flex-col gap-1">
              {group.counts.map((item) => (
                <li key={item.label}>
                  <SiteLink
                    to={item.to}
                    className="flex items-baseline gap-2 rounded-md px-2 py-1 text-slate-800 hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-brand-600"
                  >
                    <span
                      className={cn(
                        'min-w-8 text-right text-lg font-semibold tabular-nums',
                        item.todo && item.count > 0 ? 'text-amber-800' : 'text-slate-900',
                      )}
                    >
                      {item.count}
                    </span>
                    <span className="underline-offset-2 hover:underline">{item.label}</span>
                  </SiteLink>
                </li>
              ))}
            </ul>
          </section>
        ))
      )}
    </DashboardCard>
  );
}

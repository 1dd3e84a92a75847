import type { ReactNode } from 'react';
import type { MapGroupDto, PlacesMapDto } from '@/shared/api/maps';
import type { LanguageCode } from '@/shared/languages';
import { localeFor } from '@/shared/languages';
import { MAP_DIRECTIONS, mapViewSearch, moved, zoomedIn, zoomedOut, type MapView } from '@/shared/map-view';
import { formatCount } from '../../lib/format-count';
import { useLanguage, useUiText, type UiTextLookup } from '../../lib/i18n';
import { keptFormatter } from '../../lib/intl';

/*
 * The map of every place as the server drew it (services/places-map.ts): the land as it came, a
 * marker per place (a link to its page) or per group of places (a link to the view that opens
 * it, or at the closest step to its list below), links that move and zoom the map, and the same
 * markers as a list. All plain links: nothing here needs JavaScript.
 */

/**
 * The address of a view of the map, of one theme's places when `theme` is set; `#map` keeps the
 * map in sight after the page loads.
 */
export const mapViewHref = (lang: LanguageCode, view: MapView, theme?: string | null) =>
  `/${lang}/map${mapViewSearch(view, theme)}#map`;
const placeHref = (lang: LanguageCode, slug: string) => `/${lang}/${encodeURIComponent(slug)}`;
const groupId = (group: MapGroupDto) => `group-${group.key}`;

/** Where a marker leads: a place's page, the view that opens a group, or the group's list. */
function groupHref(lang: LanguageCode, group: MapGroupDto, theme: string | null): string {
  if (group.slug !== null) return placeHref(lang, group.slug);
  return group.target ? mapViewHref(lang, group.target, theme) : `#${groupId(group)}`;
}

function groupLabel(t: UiTextLookup, lang: LanguageCode, group: MapGroupDto): string {
  if (group.slug !== null) return group.name;
  const places = formatCount(t, lang, 'countries.places', group.count);
  return t(group.target ? 'map.groupZoom' : 'map.groupList', { name: group.name, places });
}

/** A group's circle grows with the number of its places (9 px for two, about 24 for 5,000). */
const radius = (count: number) => Math.round(8 + 4 * Math.log10(count));

function Marker({
  group,
  theme,
  lang,
  t,
}: {
  group: MapGroupDto;
  theme: string | null;
  lang: LanguageCode;
  t: UiTextLookup;
}) {
  const label = groupLabel(t, lang, group);
  const short = keptFormatter(`${lang} compact`, () => new Intl.NumberFormat(localeFor(lang), { notation: 'compact' }));
  return (
    <a href={groupHref(lang, group, theme)} aria-label={label}>
      <title>{label}</title>
      {group.count === 1 ? (
        <circle cx={group.x} cy={group.y} r={6} />
      ) : (
        <>
          <circle cx={group.x} cy={group.y} r={radius(group.count)} className="map-group" />
          <text x={group.x} y={group.y} dy=".35em" textAnchor="middle" aria-hidden="true">
            {short.format(group.count)}
          </text>
        </>
      )}
    </a>
  );
}

function MoveLinks({ view, theme }: { view: MapView; theme: string | null }) {
  const lang = useLanguage();
  const t = useUiText();
  const links: Array<{ key: string; view: MapView | null; label: string }> = [
    { key: 'in', view: zoomedIn(view), label: t('map.zoomIn') },
    { key: 'out', view: zoomedOut(view), label: t('map.zoomOut') },
    ...MAP_DIRECTIONS.map((direction) => ({
      key: direction,
      view: moved(view, direction),
      label: t(`map.${direction}`),
    })),
    ...(view.z > 1 ? [{ key: 'world', view: { z: 0, x: 0, y: 0 }, label: t('map.world') }] : []),
  ];
  return (
    <nav aria-label={t('map.move')} className="mt-4 flex flex-wrap gap-2">
      {links.map((link) =>
        link.view ? (
          <a key={link.key} href={mapViewHref(lang, link.view, theme)} className="map-link" rel="nofollow">
            {link.label}
          </a>
        ) : null,
      )}
    </nav>
  );
}

/** The markers as a list: a place links to its page, a group to its view or, at the closest step, lists its places. */
function GroupList({ map }: { map: PlacesMapDto }) {
  const lang = useLanguage();
  const t = useUiText();
  return (
    <ul className="places-map-list">
      {map.groups.map((group) => {
        if (group.slug !== null) {
          return (
            <li key={group.key}>
              <a href={placeHref(lang, group.slug)}>{group.name}</a>
            </li>
          );
        }
        const places = formatCount(t, lang, 'countries.places', group.count);
        if (group.target) {
          return (
            <li key={group.key}>
              <a href={mapViewHref(lang, group.target, map.theme)}>{group.name}</a> · {places}
            </li>
          );
        }
        const more = group.count - group.places.length;
        return (
          <li key={group.key} id={groupId(group)} tabIndex={-1}>
            {group.name} · {places}
            <ul>
              {group.places.map((place) => (
                <li key={place.slug}>
                  <a href={placeHref(lang, place.slug)}>{place.title}</a>
                </li>
              ))}
              {more > 0 ? <li>{t('map.more', { places: formatCount(t, lang, 'countries.places', more) })}</li> : null}
            </ul>
          </li>
        );
      })}
    </ul>
  );
}

/** `children`: shown under the links that move the map (the interactive map's button). */
export function PlacesMapFigure({ map, children }: { map: PlacesMapDto; children?: ReactNode }) {
  const lang = useLanguage();
  const t = useUiText();
  return (
    <>
      <figure>
        <div className="map-frame places-map">
          {/* the land, an image cached for good; the markers over it (decision 048) */}
          <img
            src={map.drawing}
            alt=""
            width={map.width}
            height={map.height}
            loading="lazy"
            decoding="async"
            className="map-base"
          />
          <svg viewBox={`0 0 ${map.width} ${map.height}`} focusable="false">
            <g className="map-markers">
              {map.groups.map((group) => (
                <Marker key={group.key} group={group} theme={map.theme} lang={lang} t={t} />
              ))}
            </g>
          </svg>
        </div>
        <figcaption className="mt-3 text-sm text-slate-600">{t('map.caption')}</figcaption>
      </figure>
      <MoveLinks view={map.view} theme={map.theme} />
      {children}
      <section aria-labelledby="in-view-title" className="mt-10">
        <h2 id="in-view-title" className="text-2xl font-bold tracking-tight">
          {t('map.inView')}
        </h2>
        <p className="mt-2 text-slate-600">
          {t('map.inViewCount', { places: formatCount(t, lang, 'countries.places', map.inView) })}
        </p>
        <GroupList map={map} />
      </section>
    </>
  );
}

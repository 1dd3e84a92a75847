import type { HistoryEvent } from '../../../shared/api/public';

/** Historical events as a vertical timeline, in the order the history gives them; `lang` when not the page's. */
export function HistoryTimeline({ events, lang }: { events: HistoryEvent[]; lang?: string }) {
  return (
    <ol className="timeline" lang={lang}>
      {events.map((event, i) => (
        <li key={i} className="relative">
          <span aria-hidden="true" className="timeline-dot" />
          <p className="timeline-year">{event.year}</p>
          <p className="timeline-text">{event.description}</p>
        </li>
      ))}
    </ol>
  );
}

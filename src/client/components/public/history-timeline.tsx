import type { HistoryEvent } from '@/shared/api/public';

/** Historical events as a vertical timeline, in the order the history gives them. */
export function HistoryTimeline({ events }: { events: HistoryEvent[] }) {
  return (
    <ol className="timeline">
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

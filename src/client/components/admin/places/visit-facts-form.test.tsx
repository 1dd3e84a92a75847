import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { AdminPlaceDto } from '@/shared/api/admin-places';
import type { AdminVisitDto } from '@/shared/api/visit-facts';
import { VisitFactsForm } from './visit-facts-form';

const visit: AdminVisitDto = {
  address: null,
  openingHours: [{ days: ['tu', 'we', 'th', 'fr', 'sa', 'su'], opens: '10:00', closes: '18:30' }],
  hoursNote: null,
  price: null,
  duration: null,
  accessibility: null,
  website: null,
  translations: {},
};

describe('opening times in Edit Place', () => {
  it('name each day’s checkbox in full for a screen reader ("Monday") and show it short ("Mon")', () => {
    const place = { id: '00000000-0000-4000-8000-000000000001', visit } as AdminPlaceDto;
    const html = renderToStaticMarkup(
      <QueryClientProvider client={new QueryClient()}>
        <VisitFactsForm place={place} />
      </QueryClientProvider>,
    );
    const boxes = [...html.matchAll(/<label[^>]*><input type="checkbox"([^>]*)\/?>([^<]*)<\/label>/g)].map(
      ([, attributes, shown]) => ({ name: /aria-label="([^"]*)"/.exec(attributes!)?.[1], shown }),
    );
    expect(boxes).toEqual([
      { name: 'Monday', shown: 'Mon' },
      { name: 'Tuesday', shown: 'Tue' },
      { name: 'Wednesday', shown: 'Wed' },
      { name: 'Thursday', shown: 'Thu' },
      { name: 'Friday', shown: 'Fri' },
      { name: 'Saturday', shown: 'Sat' },
      { name: 'Sunday', shown: 'Sun' },
    ]);
  });
});

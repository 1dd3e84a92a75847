import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  AreaContentDto,
  AreaTextBody,
  FactsBody,
  HistoryBody,
  PlaceContentDto,
  PlaceTextBody,
} from '@/shared/api/content-editor';
import type { ContentSaved } from '@/shared/api/written-text';
import { ApiError, apiJson } from '@/client/lib/api';
import { ADMIN_STATUS_KEY } from '@/client/lib/admin-session';

/** What the Languages dialog edits: a place, a city or a country, and the name it shows. */
export interface ContentTarget {
  kind: 'place' | 'city' | 'country';
  id: string;
  name: string;
}

const COLLECTION = { place: 'places', city: 'cities', country: 'countries' } as const;
const base = (target: ContentTarget) => `/api/admin/${COLLECTION[target.kind]}/${target.id}`;
const contentKey = (target: ContentTarget) => ['api', 'admin', COLLECTION[target.kind], target.id, 'content'] as const;

/** Every language of the target, as the editor's desk reads it (never cached: no-store). */
export function useContent<T extends ContentTarget>(target: T) {
  return useQuery({
    queryKey: contentKey(target),
    queryFn: () =>
      apiJson<T['kind'] extends 'place' ? PlaceContentDto : AreaContentDto>('GET', `${base(target)}/content`),
    staleTime: 0,
  });
}

/**
 * What a save sends: a language's text, history or trivia, a request to translate it by machine
 * again, or "Mark reviewed" on its text.
 */
export type ContentChange =
  | { what: 'text'; lang: string; body: PlaceTextBody | AreaTextBody }
  | { what: 'history'; lang: string; body: HistoryBody }
  | { what: 'facts'; lang: string; body: FactsBody }
  | { what: 'machine'; lang: string }
  | { what: 'review'; lang: string };

function send(target: ContentTarget, change: ContentChange): Promise<ContentSaved> {
  switch (change.what) {
    case 'text':
      return apiJson('PUT', `${base(target)}/translations/${change.lang}`, change.body);
    case 'history':
      return apiJson('PUT', `${base(target)}/history/${change.lang}`, change.body);
    case 'facts':
      return apiJson('PUT', `${base(target)}/facts/${change.lang}`, change.body);
    case 'machine':
      return apiJson('POST', `${base(target)}/translations/${change.lang}/machine`);
    case 'review':
      return apiJson('POST', `${base(target)}/translations/${change.lang}/review`);
  }
}

/**
 * Saves on the editor's desk. Afterwards the dialog reads the content again, and every list and
 * public page that could show the text is refetched (the admin cards' language badges too).
 */
export function useSaveContent(target: ContentTarget) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (change: ContentChange) => send(target, change),
    onSettled: async (_data, error) => {
      if (error instanceof ApiError && error.status === 401) {
        queryClient.setQueryData(ADMIN_STATUS_KEY, { isAuthenticated: false });
      }
      await queryClient.invalidateQueries({ queryKey: ['api'] });
    },
  });
}

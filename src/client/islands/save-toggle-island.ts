import { SaveToggle } from '../components/public/save-toggle';
import { island } from './island';

/** A place's save toggle, sent with what it stores of the place. */
export const SaveToggleIsland = island('save', SaveToggle, ({ place, ...rest }) => ({
  ...rest,
  place: { id: place.id, slug: place.slug, title: place.title, imageUrl: place.imageUrl },
}));

import type {
  adminCityContracts,
  AdminCityDto,
  CreateCityBody,
  CreateCityResponse,
  MissingCityDto,
} from '@/shared/api/admin-areas';
import { AreasAdminPage, type AreaAdminKind } from '../../components/admin/areas/areas-admin-page';
import { WEB_ADDRESS_HINT } from '../../components/admin/areas/edit-area-dialog';
import { adminAreaHooks } from '../../components/admin/areas/use-areas-admin';

type Field = 'name' | 'country' | 'description' | 'imageUrl' | 'slug';

const CITIES: AreaAdminKind<AdminCityDto, MissingCityDto, CreateCityBody, CreateCityResponse, Field> = {
  kind: 'city',
  noun: 'City',
  nounPlural: 'Cities',
  keptOnDelete: 'Its places are kept.',
  fields: [
    { name: 'name', label: 'City Name' },
    { name: 'country', label: 'Country' },
    { name: 'description', label: 'Description', rows: 5 },
    { name: 'imageUrl', label: 'Photo', photo: true },
    { name: 'slug', label: 'Web address', hint: WEB_ADDRESS_HINT },
  ],
  valuesOf: ({ name, country, description, imageUrl, slug }) => ({ name, country, description, imageUrl, slug }),
  photoFilterOf: ({ name, country }) => ({ location: name, country }),
  // A city is missing per (name, country) pair: both make the key.
  entryOf: ({ location, country }) => ({
    key: JSON.stringify([location, country]),
    label: `${location}, ${country}`,
    target: { name: location, country },
    body: (imageUrl) => ({ name: location, country, imageUrl }),
  }),
  idOf: (result) => result.city.id,
  slugOf: (result) => result.city.slug,
  ...adminAreaHooks<typeof adminCityContracts>('cities'),
};

export default function EditCitiesPage() {
  return <AreasAdminPage config={CITIES} />;
}

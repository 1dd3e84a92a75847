import type {
  adminCountryContracts,
  AdminCountryDto,
  CreateCountryBody,
  CreateCountryResponse,
  MissingCountryDto,
} from '@/shared/api/admin-areas';
import { AreasAdminPage, type AreaAdminKind } from '../../components/admin/areas/areas-admin-page';
import { WEB_ADDRESS_HINT } from '../../components/admin/areas/edit-area-dialog';
import { adminAreaHooks } from '../../components/admin/areas/use-areas-admin';

type Field = 'name' | 'description' | 'imageUrl' | 'slug';

const COUNTRIES: AreaAdminKind<AdminCountryDto, MissingCountryDto, CreateCountryBody, CreateCountryResponse, Field> = {
  kind: 'country',
  noun: 'Country',
  nounPlural: 'Countries',
  keptOnDelete: 'Its cities and places are kept.',
  fields: [
    { name: 'name', label: 'Country Name' },
    { name: 'description', label: 'Description', rows: 5 },
    { name: 'imageUrl', label: 'Photo', photo: true },
    { name: 'slug', label: 'Web address', hint: WEB_ADDRESS_HINT },
  ],
  valuesOf: ({ name, description, imageUrl, slug }) => ({ name, description, imageUrl, slug }),
  photoFilterOf: ({ name }) => ({ country: name }),
  entryOf: ({ country }) => ({
    key: country,
    label: country,
    target: { name: country },
    body: (imageUrl) => ({ name: country, imageUrl }),
  }),
  idOf: (result) => result.country.id,
  slugOf: (result) => result.country.slug,
  ...adminAreaHooks<typeof adminCountryContracts>('countries'),
};

export default function EditCountriesPage() {
  return <AreasAdminPage config={COUNTRIES} />;
}

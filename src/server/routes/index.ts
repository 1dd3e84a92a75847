import type { FastifyInstance } from 'fastify';
import { requireSession } from '../security/session';
import { adminAuthRoutes } from './admin/auth';
import { adminBackupRoutes } from './admin/backup';
import { adminGalleryRoutes } from './admin/gallery';
import { adminPlaceRoutes } from './admin/places';
import { adminVisitFactsRoutes } from './admin/visit-facts';
import { adminPlaceMergeRoutes } from './admin/place-merge';
import { adminAreaRoutes } from './admin/areas';
import { adminCityContracts, adminCountryContracts } from '../../shared/api/admin-areas';
import { adminPlaceAiRoutes } from './admin/place-ai';
import { adminContentEditorRoutes } from './admin/content-editor';
import { adminPhotoGroupingRoutes } from './admin/photo-grouping';
import { adminPublishingRoutes } from './admin/publishing';
import { adminNewAreasRoutes } from './admin/new-areas';
import { adminReviewRoutes } from './admin/review';
import { adminRevisionRoutes } from './admin/revisions';
import { adminTrashRoutes } from './admin/trash';
import { adminUploadRoutes } from './admin/uploads';
import { adminGazetteerRoutes } from './admin/gazetteer';
import { adminThemeRoutes } from './admin/themes';
import { mediaRoutes } from './media';
import { describeApi, openApiRoutes } from './openapi';
import { pageRoutes, type PageRouteOptions } from './pages';
import { companionRoutes } from './public/companion';
import { publicGeoRoutes } from './public/geo';
import { metaRoutes } from './public/meta';
import { publicPlaceRoutes } from './public/places';
import { publicMapRoutes } from './public/maps';
import { publicSearchRoutes } from './public/search';
import { publicThemeRoutes } from './public/themes';
import { offlineRoutes } from './public/offline';
import { seoRoutes } from './seo';
import { adminFeaturedRoutes } from './admin/featured';
import { publicFeaturedRoutes } from './public/featured';

/** The public routes and sign-in, in the order they register. */
const OPEN_ROUTES = [
  metaRoutes,
  publicPlaceRoutes,
  publicGeoRoutes,
  publicMapRoutes,
  publicSearchRoutes,
  publicThemeRoutes,
  companionRoutes,
  publicFeaturedRoutes,
  offlineRoutes,
  mediaRoutes,
  adminAuthRoutes,
  openApiRoutes,
];

/** Every admin feature's routes (docs/product.md §7.3): they register inside the session-guarded scope. */
const ADMIN_ROUTES = [
  adminPlaceRoutes,
  adminVisitFactsRoutes,
  adminGalleryRoutes,
  adminPlaceMergeRoutes,
  adminAreaRoutes('cities', adminCityContracts, (scope) => scope.services.adminCities),
  adminAreaRoutes('countries', adminCountryContracts, (scope) => scope.services.adminCountries),
  adminUploadRoutes,
  adminPhotoGroupingRoutes,
  adminGazetteerRoutes,
  adminPlaceAiRoutes,
  adminContentEditorRoutes,
  adminPublishingRoutes,
  adminNewAreasRoutes,
  adminReviewRoutes,
  adminRevisionRoutes,
  adminTrashRoutes,
  adminBackupRoutes,
  adminFeaturedRoutes,
  adminThemeRoutes,
];

/** Every route of the app. Admin feature routes go in ADMIN_ROUTES, inside the session-guarded scope below. */
export async function registerRoutes(app: FastifyInstance, pages: PageRouteOptions = {}): Promise<void> {
  await pages.beforeRoutes?.(app);
  await describeApi(app);
  for (const routes of OPEN_ROUTES) await app.register(routes);
  await app.register(async (admin) => {
    // onRequest: the session is checked before the body is parsed and before params, query and body
    // are validated, so without a session every admin route answers 401, never 400, 413 or 415.
    admin.addHook('onRequest', requireSession(app.services.auth));
    for (const routes of ADMIN_ROUTES) await admin.register(routes);

    // Unknown admin paths answer 401 before 404, so the admin API's shape is not revealed.
    admin.all('/api/admin/*', async (request, reply) =>
      reply.status(404).send({ error: `Not found: ${request.method} ${request.url.split('?')[0]}`, code: 'not_found' }),
    );
  });
  await app.register(seoRoutes);
  await app.register(pageRoutes, pages);
}

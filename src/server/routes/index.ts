import type { FastifyInstance } from 'fastify';
import { requireSession } from '../security/session';
import { adminAuthRoutes } from './admin/auth';
import { adminGalleryRoutes } from './admin/gallery';
import { adminPlaceRoutes } from './admin/places';
import { adminAreaRoutes } from './admin/areas';
import { adminCityContracts, adminCountryContracts } from '../../shared/api/admin-areas';
import { adminPlaceAiRoutes } from './admin/place-ai';
import { adminContentEditorRoutes } from './admin/content-editor';
import { adminPublishingRoutes } from './admin/publishing';
import { adminReviewRoutes } from './admin/review';
import { adminRevisionRoutes } from './admin/revisions';
import { adminTrashRoutes } from './admin/trash';
import { adminUploadRoutes } from './admin/uploads';
import { adminGazetteerRoutes } from './admin/gazetteer';
import { mediaRoutes } from './media';
import { pageRoutes, type PageRouteOptions } from './pages';
import { publicGeoRoutes } from './public/geo';
import { metaRoutes } from './public/meta';
import { publicPlaceRoutes } from './public/places';
import { publicMapRoutes } from './public/maps';
import { publicSearchRoutes } from './public/search';
import { seoRoutes } from './seo';

/** Every route of the app. Admin feature routes go inside the session-guarded scope below. */
export async function registerRoutes(app: FastifyInstance, pages: PageRouteOptions = {}): Promise<void> {
  await pages.beforeRoutes?.(app);
  await app.register(metaRoutes);
  await app.register(publicPlaceRoutes);
  await app.register(publicGeoRoutes);
  await app.register(publicMapRoutes);
  await app.register(publicSearchRoutes);
  await app.register(mediaRoutes);
  await app.register(adminAuthRoutes);
  await app.register(async (admin) => {
    // onRequest: the session is checked before the body is parsed and before params, query and body
    // are validated, so without a session every admin route answers 401, never 400, 413 or 415.
    admin.addHook('onRequest', requireSession(app.services.auth));
    // Every admin feature's routes register here (docs/product.md §7.3).
    await admin.register(adminPlaceRoutes);
    await admin.register(adminGalleryRoutes);
    await admin.register(adminAreaRoutes('cities', adminCityContracts, (scope) => scope.services.adminCities));
    await admin.register(adminAreaRoutes('countries', adminCountryContracts, (scope) => scope.services.adminCountries));
    await admin.register(adminUploadRoutes);
    await admin.register(adminGazetteerRoutes);
    await admin.register(adminPlaceAiRoutes);
    await admin.register(adminContentEditorRoutes);
    await admin.register(adminPublishingRoutes);
    await admin.register(adminReviewRoutes);
    await admin.register(adminRevisionRoutes);
    await admin.register(adminTrashRoutes);

    // Unknown admin paths answer 401 before 404, so the admin API's shape is not revealed.
    admin.all('/api/admin/*', async (request, reply) =>
      reply.status(404).send({ error: `Not found: ${request.method} ${request.url.split('?')[0]}` }),
    );
  });
  await app.register(seoRoutes);
  await app.register(pageRoutes, pages);
}

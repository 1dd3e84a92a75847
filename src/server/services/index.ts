import { createAiProvider, preloadLanguageCheck, type AiLog, type AiProvider } from '../ai';
import type { AppConfig } from '../config';
import type { DatabaseHandle } from '../db/client';
import { createBackupService, type BackupService } from '../backup/backup-service';
import { openFileJournal } from '../media/file-journal';
import { createStorage, type Storage } from '../media/storage';
import { createAdminPlacesService, type AdminPlacesService } from './admin-places';
import { createGalleryService, type GalleryService } from './gallery';
import { createMediaFiles, type MediaFiles } from './media-files';
import { createAdminCitiesService, type AdminCitiesService } from './admin-cities';
import { createAdminCountriesService, type AdminCountriesService } from './admin-countries';
import { createAuthService, type AuthService } from './auth';
import { createCatalogService, type CatalogService } from './catalog';
import { createCompanionService, type CompanionService } from './companion';
import { createContentEditorService, type ContentEditorService } from './content-editor';
import { createFeaturedService, type FeaturedService } from './featured';
import { createMapService, type MapService } from './maps';
import { createNearbyService, type NearbyService } from './nearby';
import { createNewAreasService, type NewAreasService } from './new-areas';
import { createPlaceAiService, type PlaceAiService } from './place-ai';
import { createPlaceRewriteService, type PlaceRewriteService } from './place-rewrite';
import { createPlaceMergeService, type PlaceMergeService } from './place-merge';
import { createPlaceSplitService, type PlaceSplitService } from './place-split';
import { createPhotoGroupingService, type PhotoGroupingService } from './photo-grouping';
import { createPublishingService, type PublishingService } from './publishing';
import { createReviewService, type ReviewService } from './review';
import { createRevisionService, type RevisionService } from './revisions';
import { createTrashService, type TrashService } from './trash';
import { createUploadService, type UploadService } from './uploads';
import { createReverseGeocoder, type ReverseGeocoder } from '../geo/reverse-geocoder';
import { createSeoService, type SeoService } from './seo';
import { createSearchService, type SearchService } from './search';
import { createVisitFactsService, type VisitFactsService } from './visit-facts';
import { createAdminThemeService, createThemeService, type AdminThemeService, type ThemeService } from './themes';
import { createTranslationQueue, type TranslationQueue } from '../translation/queue';

export interface AppServices {
  catalog: CatalogService;
  companion: CompanionService;
  /** Maps drawn on the server (countries, country and place pages). */
  maps: MapService;
  /** The places nearest to a place, from any city. */
  nearby: NearbyService;
  auth: AuthService;
  health: { check(): Promise<void> };
  adminPlaces: AdminPlacesService;
  /** The facts a visit is planned with, entered by the owner (decision 043). */
  visitFacts: VisitFactsService;
  gallery: GalleryService;
  /** The AI layer chosen by AI_PROVIDER (offline by default). */
  ai: AiProvider;
  /** Offline coordinates -> city and country; loads its data on first use (see warmUp). */
  geocoder: ReverseGeocoder;
  uploads: UploadService;
  placeAi: PlaceAiService;
  /** "Write it again with the model": a place the offline writer wrote gets the model's text. */
  placeRewrite: PlaceRewriteService;
  /** Merging two places into one (and undoing it). */
  placeMerge: PlaceMergeService;
  /** A gallery photo with a stored position made a place of its own. */
  placeSplit: PlaceSplitService;
  adminCities: AdminCitiesService;
  adminCountries: AdminCountriesService;
  /** Drafts and publishing, and what an upload becomes. */
  publishing: PublishingService;
  /** Photos of one spot become one place: the place an upload joins, and the places near a photo. */
  photoGrouping: PhotoGroupingService;
  /** Cities and countries made with their first published place, and the one-time action for the missing ones. */
  newAreas: NewAreasService;
  /** Every language of a place, city and country, written by a person (the editor's desk). */
  contentEditor: ContentEditorService;
  /** "Mark reviewed" and the dashboard's counts of what needs the editor. */
  review: ReviewService;
  /** Every change's previous version of a place, city or country, and restoring one. */
  revisions: RevisionService;
  /** Deleted places, cities, countries and gallery photos, restorable for 30 days. */
  trash: TrashService;
  seo: SeoService;
  /** Places, cities and countries by their text in the visitor's language. */
  search: SearchService;
  /** Themes: the taxonomy with its counts, a theme's places and map, a place's themes (decision 041). */
  themes: ThemeService;
  /** The owner's choice of a place's themes. */
  adminThemes: AdminThemeService;
  /** Media files kept in step with the rows that reference them, through crashes too. */
  files: MediaFiles;
  /** Translation jobs in the database and this process's worker (started and stopped by buildApp). */
  translationQueue: TranslationQueue;
  /** Backups of the whole site: downloads and the schedule (src/server/backup/). */
  backups: BackupService;
  /** The owner's highlights of a city's, a country's and the home page (decision 044). */
  featured: FeaturedService;
}

export interface ServiceOptions {
  /** Tests shorten the sign-in slow-down. */
  loginDelayPerFailureMs?: number;
  /** Replaces the provider chosen by the config (tests). */
  aiProvider?: AiProvider;
  /** Where uploaded files go; buildApp passes the same storage it serves /media from. */
  storage?: Storage;
  /** Where the AI provider reports its failures (buildApp passes the server's logger). */
  log?: AiLog;
}

/**
 * Wires every service to the database, and does nothing else: what runs at a start (the seed, the
 * file sweep, the trash's expiry, the password and session check) is start-up.ts's, step by step.
 */
export async function createServices(
  config: AppConfig,
  database: DatabaseHandle,
  options: ServiceOptions = {},
): Promise<AppServices> {
  const { db } = database;
  const ai = options.aiProvider ?? createAiProvider(config.ai, { log: options.log });
  if (ai.name !== 'offline') await preloadLanguageCheck();
  const storage = options.storage ?? (await createStorage(config));
  const geocoder = createReverseGeocoder();
  const files = createMediaFiles({ db, storage, journal: await openFileJournal(database) });
  const translationQueue = createTranslationQueue(db, ai, config.translationJobs);
  const newAreas = createNewAreasService({ db, ai, queue: translationQueue });
  const trash = createTrashService({ db, files, newAreas });
  const adminPlaces = createAdminPlacesService({ db, files, queue: translationQueue, newAreas });
  const publishing = createPublishingService({
    db,
    aiModel: ai.name === 'offline' ? null : (ai.model ?? ai.name),
    newAreas,
  });
  const photoGrouping = createPhotoGroupingService({ db, publishing });
  const gallery = createGalleryService({
    db,
    files,
    limits: { maxUploadBytes: config.maxUploadBytes },
    queue: translationQueue,
  });
  const adminCities = createAdminCitiesService({ db, ai, files, queue: translationQueue });
  const adminCountries = createAdminCountriesService({ db, ai, files, queue: translationQueue });
  return {
    catalog: createCatalogService({
      db,
      site: {
        settings: { ...config.site, aiModel: ai.name !== 'offline' },
        texts: config.siteTexts,
        infoPageTexts: config.infoPageTexts,
      },
    }),
    maps: createMapService({ db }),
    nearby: createNearbyService({ db }),
    companion: createCompanionService({ db }),
    auth: createAuthService({ db, delayPerFailureMs: options.loginDelayPerFailureMs }),
    health: { check: () => database.ping() },
    adminPlaces,
    visitFacts: createVisitFactsService({ db }),
    gallery,
    ai,
    geocoder,
    publishing,
    photoGrouping,
    newAreas,
    uploads: createUploadService({
      db,
      publishing,
      newAreas,
      files,
      ai,
      geocoder,
      limits: { maxBytes: config.maxUploadBytes },
      grouping: photoGrouping,
      gallery,
    }),
    placeAi: createPlaceAiService({ db, ai, queue: translationQueue }),
    placeRewrite: createPlaceRewriteService({ db, ai, storage, queue: translationQueue }),
    placeMerge: createPlaceMergeService({ db, queue: translationQueue }),
    placeSplit: createPlaceSplitService({ db, ai, storage, publishing, newAreas }),
    adminCities,
    adminCountries,
    review: createReviewService({ db }),
    contentEditor: createContentEditorService({
      db,
      queue: translationQueue,
      adminPlaces,
      adminCities,
      adminCountries,
    }),
    trash,
    revisions: createRevisionService({ db, files, queue: translationQueue, adminCities, adminCountries, newAreas }),
    // read at call time: tests and the e2e harness set publicUrl after the app is built
    seo: createSeoService({
      db,
      publicUrl: () => config.publicUrl,
      infoPages: config.site.infoPages.filter((link) => !link.url).map((link) => link.page),
    }),
    search: createSearchService({ db }),
    themes: createThemeService({ db }),
    adminThemes: createAdminThemeService({ db }),
    files,
    translationQueue,
    backups: createBackupService({ database, storage, config }),
    featured: createFeaturedService({ db }),
  };
}

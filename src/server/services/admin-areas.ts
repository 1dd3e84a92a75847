import type { z } from 'zod';
import type { AdminAreaContracts, DeleteAreaResponse } from '../../shared/api/admin-areas';
import type { TranslationStateDto } from '../../shared/api/translation-status';
import { AiError } from '../ai/errors';
import type { AiProvider } from '../ai/types';
import type { Database, DbOrTx } from '../db/client';
import { isUuid } from '../db/ids';
import { violatedUniqueConstraint } from '../db/errors';
import type { AreaKind } from '../db/repos/area-tables';
import { clearFailures, enqueueJob } from '../db/repos/translation-jobs-repo';
import { AppError, ConflictError, NotFoundError } from '../errors';
import type { TranslationQueue } from '../translation/queue';
import { createdMessage, outdatedLanguages, updatedMessage } from './admin-areas-messages';
import type { MediaFiles } from './media-files';
import { changeSlug, claimAreaSlug } from './slugs';
import { PERSON, withRevision } from '../revisions/record';
import { moveToTrash } from './trash';
import { TRASH_DAYS } from '../../shared/api/trash';
import { createAdminMemo } from './admin-memo';

const SLUG_RACE = 'Another page took this address at the same moment. Nothing was saved; please try again.';

/** A stored city or country as the service reads it before a change. */
interface AreaRow {
  id: string;
  slug: string;
  name: string;
  description: string;
  imageUrl: string;
}

/** A city or country as the admin screen shows it. */
interface AdminArea {
  name: string;
  translatedLanguages: string[];
  translations: TranslationStateDto;
}

/** What a create or an update answers besides the entity itself (see shared/api/admin-areas.ts). */
export interface AreaOutcome {
  translatedLanguages: string[];
  outdatedLanguages: string[];
  translationQueued: boolean;
  untranslated: boolean;
  message: string;
}

/** Something that still names a deleted entity and is kept: "3 places". */
export interface KeptCount {
  count: number;
  one: string;
  many: string;
}

/** What every create body holds. */
interface AreaCreate {
  name: string;
}
/** What every edit body holds. */
interface AreaUpdate {
  name: string;
  description: string;
  imageUrl: string;
  /** A new web address, when the admin changed it. */
  slug?: string;
}

/** The types of one kind: its stored row, admin view, missing entry, bodies and answer. */
export interface AreaTypes {
  row: AreaRow;
  admin: AdminArea;
  missing: unknown;
  create: AreaCreate;
  update: AreaUpdate;
  response: unknown;
}

/** A kind's types read from its contracts (shared/api/admin-areas.ts) and its stored row. */
export interface AreaTypesOf<C extends AdminAreaContracts, Row> {
  row: Row;
  admin: z.output<C['item']>;
  missing: z.output<C['missing']>;
  create: z.output<C['create']>;
  update: z.output<C['update']>;
  response: z.output<C['saved']>;
}

/**
 * Where cities and countries differ; everything else about managing them is one rule, below
 * (`T` names the kind's stored row, admin view, missing entry, bodies and answer).
 */
export interface AreaRules<T extends AreaTypes> {
  type: AreaKind;
  notFound: string;
  /** "A city named ... already exists", for the entity that holds the name. */
  duplicateMessage(entity: T['create'] | T['update'] | T['row']): string;
  findRow(db: DbOrTx, id: string): Promise<T['row'] | undefined>;
  lockRow(tx: DbOrTx, id: string): Promise<T['row'] | undefined>;
  /** The entity with the same identity (name, and country for a city) as `body`. */
  findSame(db: DbOrTx, body: T['create'] | T['update']): Promise<T['row'] | undefined>;
  findAdmin(db: DbOrTx, id: string): Promise<T['admin'] | undefined>;
  list(db: DbOrTx): Promise<T['admin'][]>;
  missing(db: DbOrTx): Promise<T['missing'][]>;
  /** The description written without a translation queue (offline provider or a direct model call). */
  describe(ai: AiProvider, body: T['create']): Promise<string>;
  insert(
    tx: DbOrTx,
    values: T['create'] & { slug: string; description: string; origin: 'machine' | 'data' },
  ): Promise<{ id: string }>;
  updateRow(tx: DbOrTx, id: string, body: Omit<T['update'], 'slug'>, textChanged: boolean): Promise<void>;
  /**
   * After an edit: what names the entity (a city's places; a country's cities and places) follows a
   * rename. True when anything had to move (its translations are then queued again).
   */
  carryReferences(tx: DbOrTx, current: T['row'], body: T['update'], enqueue: boolean): Promise<boolean>;
  deleteRow(tx: DbOrTx, id: string): Promise<{ imageUrl: string } | undefined>;
  /** What a delete keeps (places, cities), counted before it. */
  kept(db: DbOrTx, row: T['row']): Promise<KeptCount[]>;
  respond(entity: T['admin'], outcome: AreaOutcome): T['response'];
}

export interface AdminAreasDeps {
  db: Database;
  ai: AiProvider;
  /** A replaced or deleted picture of ours is removed when nothing else shows it. */
  files: MediaFiles;
  /** Description and translations are written by queued jobs (with an AI model). */
  queue: TranslationQueue;
}

/** " Its 2 cities and 1 place were kept." or '' when nothing was. */
function keptSentence(kept: KeptCount[]): string {
  const named = kept.filter((k) => k.count > 0);
  if (named.length === 0) return '';
  const total = named.reduce((sum, k) => sum + k.count, 0);
  const list = named.map((k) => `${k.count} ${k.count === 1 ? k.one : k.many}`).join(' and ');
  return ` Its ${list} ${total === 1 ? 'was' : 'were'} kept.`;
}

/**
 * Manage Cities and Manage Countries (docs/product.md §2.5.5, §7.3.5): list, find what is missing, create, edit,
 * delete. Neither create nor edit waits for the AI: with a model configured, a job queued in the
 * same transaction writes a new entity's description and every translation, and an edit keeps the
 * translations (outdated) until the job has written new ones. The slug stays as it was on an edit,
 * so links already shared keep working after a rename.
 */
export function createAdminAreasService<T extends AreaTypes>(
  kind: AreaRules<T>,
  { db, ai, files, queue }: AdminAreasDeps,
) {
  const job = (id: string) => ({ type: kind.type, id });
  const memo = createAdminMemo(db);

  async function existing(id: string): Promise<T['row']> {
    const row = isUuid(id) ? await kind.findRow(db, id) : undefined;
    if (!row) throw new NotFoundError(kind.notFound);
    return row;
  }

  async function refuseDuplicate(body: T['create'] | T['update'], exceptId?: string) {
    const other = await kind.findSame(db, body);
    if (other && other.id !== exceptId) throw new ConflictError(kind.duplicateMessage(other));
  }

  /**
   * Two administrators racing past the checks meet the unique indexes: still a 409, never a 500.
   * Which index PostgreSQL trips first (slug or name) is not fixed, so look again: when the other
   * request saved the same entity, say so; otherwise only the address was taken in the race.
   */
  function conflictOnDuplicate(body: T['create'] | T['update'], exceptId?: string) {
    return async (error: unknown): Promise<never> => {
      const constraint = violatedUniqueConstraint(error);
      if (constraint === undefined) throw error;
      await refuseDuplicate(body, exceptId);
      throw new ConflictError(constraint.includes('slug') ? SLUG_RACE : kind.duplicateMessage(body));
    };
  }

  async function load(id: string): Promise<T['admin']> {
    const entity = await kind.findAdmin(db, id);
    if (!entity) throw new NotFoundError(kind.notFound);
    return entity;
  }

  /** Without a model the offline description is written at once (no network); with one, by the job. */
  async function offlineDescription(body: T['create']): Promise<string> {
    if (queue.active) return '';
    try {
      return (await kind.describe(ai, body)).trim();
    } catch (error) {
      const why = error instanceof AiError ? ` (${error.message})` : '';
      throw new AppError(
        502,
        `The AI provider could not write a description for ${body.name}${why}. Nothing was created; please try again.`,
      );
    }
  }

  /**
   * An edit's write, inside the caller's transaction (an edit, or a restored revision): a changed
   * name or description makes a new source version and, with an AI model, queues the translations.
   * Answers what happened and the files to remove after commit.
   */
  async function applyUpdate(tx: DbOrTx, id: string, body: T['update']) {
    const current = await kind.lockRow(tx, id);
    if (!current) throw new NotFoundError(kind.notFound);
    const textChanged = current.name !== body.name || current.description !== body.description;
    const { slug, ...columns } = body;
    if (slug !== undefined) await changeSlug(tx, kind.type, id, current.slug, slug);
    await kind.updateRow(tx, id, columns, textChanged);
    const moved = await kind.carryReferences(tx, current, body, queue.active);
    if (textChanged) {
      await clearFailures(tx, job(id));
      if (queue.active) await enqueueJob(tx, job(id), { allLanguages: true, describe: false });
    }
    const unused = current.imageUrl !== body.imageUrl ? await files.release(tx, [current.imageUrl]) : [];
    return { textChanged, queued: queue.active && (textChanged || moved), unused };
  }

  return {
    applyUpdate,
    /** A body that would make this entity the same as another one: a 409 in plain words. */
    conflictOnDuplicate,
    list: (): Promise<T['admin'][]> => kind.list(db),
    /** The towns or countries of places without a page: a read of every place, kept until a change. */
    missing: (): Promise<T['missing'][]> => memo('missing', () => kind.missing(db)),

    async create(body: T['create']): Promise<T['response']> {
      await refuseDuplicate(body);
      const description = await offlineDescription(body);
      const id = await db
        .transaction(async (tx) => {
          const slug = await claimAreaSlug(tx, body.name);
          // without a model the offline writer's sentence, from the area's own data (decision 032)
          const { id } = await kind.insert(tx, {
            ...body,
            slug,
            description,
            origin: queue.active ? 'machine' : 'data',
          });
          if (queue.active) await enqueueJob(tx, job(id), { allLanguages: true, describe: true });
          return id;
        })
        .catch(conflictOnDuplicate(body));
      if (queue.active) queue.notify();
      const entity = await load(id);
      return kind.respond(entity, {
        translatedLanguages: entity.translatedLanguages,
        outdatedLanguages: [],
        translationQueued: queue.active,
        untranslated: !queue.active,
        message: createdMessage(entity.name, queue.active),
      });
    },

    async update(id: string, body: T['update']): Promise<T['response']> {
      await existing(id);
      await refuseDuplicate(body, id);
      const result = await db
        .transaction((tx) => withRevision(tx, job(id), { author: PERSON }, () => applyUpdate(tx, id, body)))
        .catch(conflictOnDuplicate(body, id));
      if (result.queued) queue.notify();
      await files.remove(result.unused);

      const entity = await load(id);
      const outdated = outdatedLanguages(entity.translations);
      const queued = queue.active && result.textChanged;
      return kind.respond(entity, {
        translatedLanguages: entity.translatedLanguages,
        outdatedLanguages: outdated,
        translationQueued: queued,
        untranslated: result.textChanged && !queued,
        message: updatedMessage(entity.name, { textChanged: result.textChanged, queued, outdated }),
      });
    },

    async remove(id: string): Promise<DeleteAreaResponse> {
      const row = await existing(id);
      const kept = await kind.kept(db, row);
      // A delete that finds nothing rolls back: even an empty DELETE would bump the content version.
      await db.transaction(async (tx) => {
        const trashed = await moveToTrash(tx, kind.type, id);
        const deleted = trashed !== undefined && (await kind.deleteRow(tx, id));
        if (!deleted) throw new NotFoundError(kind.notFound);
      });
      return {
        success: true,
        message: `${row.name} was moved to the trash.${keptSentence(kept)} You can restore it for ${TRASH_DAYS} days from Trash.`,
      };
    },
  };
}

import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import { deleteGeoResponse, type DeleteGeoResponse } from '../../../shared/api/admin-geo';
import { idParams } from '../../../shared/api/common';

/** The contracts of one admin collection (cities or countries): its list items, bodies and answers. */
interface GeoContracts<Item, Missing, Create, Update, Saved> {
  item: z.ZodType<Item>;
  missing: z.ZodType<Missing>;
  create: z.ZodType<Create>;
  update: z.ZodType<Update>;
  saved: z.ZodType<Saved>;
}

/** What the routes call: see services/admin-geo.ts. */
interface GeoAdmin<Item, Missing, Create, Update, Saved> {
  list(): Promise<Item[]>;
  missing(): Promise<Missing[]>;
  create(body: Create): Promise<Saved>;
  update(id: string, body: Update): Promise<Saved>;
  remove(id: string): Promise<DeleteGeoResponse>;
}

/**
 * Manage Cities and Manage Countries (spec section 7): the same five routes under
 * `/api/admin/{collection}`, registered inside the session-guarded admin scope. The zod schemas
 * validate and serialize as on every route; the bodies are typed from the contracts (a generic
 * schema is a type Fastify cannot resolve, so the validated body is named as what its schema is).
 */
export function adminGeoRoutes<Item, Missing, Create, Update, Saved>(
  collection: 'cities' | 'countries',
  contracts: GeoContracts<Item, Missing, Create, Update, Saved>,
  serviceOf: (app: FastifyInstance) => GeoAdmin<Item, Missing, Create, Update, Saved>,
): FastifyPluginAsync {
  const base = `/api/admin/${collection}`;
  type ById = { Params: { id: string } };
  return async (app) => {
    const service = serviceOf(app);

    app.get(base, { schema: { response: { 200: z.array(contracts.item) } } }, () => service.list());

    app.get(`${base}/missing`, { schema: { response: { 200: z.array(contracts.missing) } } }, () => service.missing());

    app.post<{ Body: Create }>(
      base,
      {
        schema: { body: contracts.create, response: { 201: contracts.saved } },
        // Each create costs several AI calls: a runaway script should not be able to loop on it.
        config: { rateLimit: { max: 30, timeWindow: '1 minute' } },
      },
      async (req, reply) => reply.status(201).send(await service.create(req.body as Create)),
    );

    app.put<ById & { Body: Update }>(
      `${base}/:id`,
      {
        schema: { params: idParams, body: contracts.update, response: { 200: contracts.saved } },
        config: { rateLimit: { max: 60, timeWindow: '1 minute' } },
      },
      (req) => service.update(req.params.id, req.body as Update),
    );

    app.delete<ById>(`${base}/:id`, { schema: { params: idParams, response: { 200: deleteGeoResponse } } }, (req) =>
      service.remove(req.params.id),
    );
  };
}

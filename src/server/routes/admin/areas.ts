import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import { deleteAreaResponse, type AdminAreaContracts, type DeleteAreaResponse } from '@/shared/api/admin-areas';
import { idParams } from '@/shared/api/common';
import { perMinute } from '../rate-limit';

/** What the routes call, typed by the collection's contracts: see services/admin-areas.ts. */
interface AreasAdmin<C extends AdminAreaContracts> {
  list(): Promise<z.output<C['item']>[]>;
  missing(): Promise<z.output<C['missing']>[]>;
  create(body: z.output<C['create']>): Promise<z.output<C['saved']>>;
  update(id: string, body: z.output<C['update']>): Promise<z.output<C['saved']>>;
  remove(id: string): Promise<DeleteAreaResponse>;
}

/**
 * Manage Cities and Manage Countries (docs/product.md §7.3.5): the same five routes under
 * `/api/admin/{collection}`, registered inside the session-guarded admin scope. The zod schemas
 * validate and serialize as on every route; the bodies are typed from the contracts (a generic
 * schema is a type Fastify cannot resolve, so the validated body is named as what its schema is).
 */
export function adminAreaRoutes<C extends AdminAreaContracts>(
  collection: 'cities' | 'countries',
  contracts: C,
  serviceOf: (app: FastifyInstance) => AreasAdmin<C>,
): FastifyPluginAsync {
  const base = `/api/admin/${collection}`;
  type ById = { Params: { id: string } };
  return async (app) => {
    const service = serviceOf(app);

    app.get(base, { schema: { response: { 200: z.array(contracts.item) } } }, () => service.list());

    app.get(`${base}/missing`, { schema: { response: { 200: z.array(contracts.missing) } } }, () => service.missing());

    app.post<{ Body: z.output<C['create']> }>(
      base,
      {
        schema: { body: contracts.create, response: { 201: contracts.saved } },
        // Each create costs several AI calls: a runaway script should not be able to loop on it.
        config: perMinute(30),
      },
      async (req, reply) => reply.status(201).send(await service.create(req.body as z.output<C['create']>)),
    );

    app.put<ById & { Body: z.output<C['update']> }>(
      `${base}/:id`,
      {
        schema: { params: idParams, body: contracts.update, response: { 200: contracts.saved } },
        config: perMinute(60),
      },
      (req) => service.update(req.params.id, req.body as z.output<C['update']>),
    );

    app.delete<ById>(`${base}/:id`, { schema: { params: idParams, response: { 200: deleteAreaResponse } } }, (req) =>
      service.remove(req.params.id),
    );
  };
}

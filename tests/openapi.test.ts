import { Validator } from '@seriousme/openapi-schema-validator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERROR_CODES } from '../src/shared/api/error-codes';
import { createTestApp, type TestApp } from './helpers/test-app';

/** docs/product.md §7.1: GET /api/openapi.json describes the public and the admin API for scripts. */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

type Operation = { tags?: string[]; security?: unknown[]; responses: Record<string, unknown> };
interface OpenApiDocument {
  openapi: string;
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, { enum?: string[] }> };
}

async function openApi() {
  const response = await t.app.inject({ url: '/api/openapi.json' });
  expect(response.statusCode).toBe(200);
  expect(response.headers['content-type']).toMatch(/^application\/json/);
  return response.json<OpenApiDocument>();
}

describe('GET /api/openapi.json', () => {
  it('is a valid OpenAPI 3.1 document, without a session', async () => {
    const document = await openApi();
    expect(document.openapi).toBe('3.1.0');
    const result = await new Validator().validate(document as never);
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
  });

  it('describes the public calls and the admin calls from their contracts, and no pages or media', async () => {
    const { paths } = await openApi();
    expect(Object.keys(paths).every((path) => path.startsWith('/api/'))).toBe(true);
    expect(paths['/api/search']?.get?.tags).toEqual(['public']);
    expect(paths['/api/places/{id}/gallery']?.get?.tags).toEqual(['public']);
    const edit = paths['/api/admin/places/{id}']?.put;
    expect(edit?.tags).toEqual(['admin']);
    expect(edit?.security).toEqual([{ session: [] }]);
    expect(JSON.stringify(edit)).toContain('"fullDescription"');
    expect(paths['/api/admin/login']?.post?.security).toBeUndefined();
    expect(paths['/api/openapi.json']).toBeUndefined();
  });

  it('describes the upload as the multipart form a script sends: the photo file and the text fields', async () => {
    const { paths } = await openApi();
    const upload = paths['/api/admin/upload']?.post as Operation & {
      requestBody?: {
        content: Record<string, { schema: { required?: string[]; properties: Record<string, object> } }>;
      };
    };
    const form = upload.requestBody?.content['multipart/form-data']?.schema;
    expect(form?.required).toEqual(['photo']);
    expect(form?.properties.photo).toMatchObject({ type: 'string', format: 'binary' });
    expect(Object.keys(form?.properties ?? {})).toEqual(
      expect.arrayContaining(['description', 'latitude', 'longitude', 'placeId', 'newPlace']),
    );
  });

  it('lists every error code, and every call names its error answers', async () => {
    const document = await openApi();
    expect(document.components.schemas.ErrorCode?.enum).toEqual([...ERROR_CODES]);
    for (const [path, operations] of Object.entries(document.paths)) {
      for (const [method, operation] of Object.entries(operations)) {
        expect(Object.keys(operation.responses), `${method} ${path}`).toEqual(expect.arrayContaining(['4XX', '5XX']));
      }
    }
  });
});

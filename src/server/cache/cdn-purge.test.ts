import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { createCdnPurge, MAX_PURGE_HEADER_BYTES, purgeHeaderValues } from './cdn-purge';

interface Received {
  method: string;
  url: string;
  tags: string;
}

/** A stand-in for Varnish on loopback: records each request, answers as `answer` says. */
async function fakeVarnish(answer: (req: IncomingMessage, res: ServerResponse) => void = (_, res) => res.end()) {
  const received: Received[] = [];
  const server: Server = createServer((req, res) => {
    received.push({ method: req.method!, url: req.url!, tags: String(req.headers['xkey-purge'] ?? '') });
    answer(req, res);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  servers.push(server);
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/`, received };
}

const servers: Server[] = [];
afterEach(async () => {
  for (const server of servers.splice(0)) {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
});

function recordingLog() {
  const lines: Array<{ level: 'warn' | 'info'; message: string }> = [];
  return {
    lines,
    log: {
      warn: (message: string) => lines.push({ level: 'warn', message }),
      info: (message: string) => lines.push({ level: 'info', message }),
    },
  };
}

const placeTag = (i: number) => `place:${String(i).padStart(8, '0')}-0000-4000-8000-000000000000`;

describe('purging Varnish by tags', () => {
  it('sends one PURGE with the tags, space-separated, in the xkey-purge header', async () => {
    const varnish = await fakeVarnish();
    const { log, lines } = recordingLog();
    await createCdnPurge({ url: varnish.url, log })(['place:a1', 'places', 'any', 'places']);
    expect(varnish.received).toEqual([{ method: 'PURGE', url: '/', tags: 'place:a1 places any' }]);
    expect(lines).toEqual([]);
  });

  it('sends nothing for no tags', async () => {
    const varnish = await fakeVarnish();
    await createCdnPurge({ url: varnish.url, log: recordingLog().log })([]);
    expect(varnish.received).toEqual([]);
  });

  it('splits many tags over several requests, each header under the limit, every tag sent once', async () => {
    const varnish = await fakeVarnish();
    const tags = Array.from({ length: 600 }, (_, i) => placeTag(i));
    await createCdnPurge({ url: varnish.url, log: recordingLog().log })(tags);
    expect(varnish.received.length).toBeGreaterThanOrEqual(4);
    for (const request of varnish.received) {
      expect(request.method).toBe('PURGE');
      expect(Buffer.byteLength(request.tags)).toBeLessThanOrEqual(MAX_PURGE_HEADER_BYTES);
    }
    const sent = varnish.received.flatMap((r) => r.tags.split(' '));
    expect(sent.sort()).toEqual([...tags].sort());
  });

  it('gives up after the timeout without throwing, warns once per run of failures, and says when it works again', async () => {
    let hang = true;
    const varnish = await fakeVarnish((_, res) => {
      if (!hang) res.end();
    });
    const { log, lines } = recordingLog();
    const purge = createCdnPurge({ url: varnish.url, timeoutMs: 200, log });
    const started = performance.now();
    await purge(['place:a1']);
    expect(performance.now() - started).toBeLessThan(2_000);
    await purge(['place:b2']);
    expect(lines).toHaveLength(1);
    expect(lines[0]!.level).toBe('warn');
    expect(lines[0]!.message).toContain('no answer within 200 ms');
    expect(lines[0]!.message).toContain(varnish.url);

    // Once Varnish answers, the tags that did not get through go out with the next purge.
    hang = false;
    await purge(['place:c3']);
    expect(varnish.received.at(-1)!.tags.split(' ').sort()).toEqual(['place:a1', 'place:b2', 'place:c3']);
    expect(lines.at(-1)).toEqual({ level: 'info', message: `Purges reach the shared cache at ${varnish.url} again.` });
    await purge(['place:d4']);
    expect(varnish.received.at(-1)!.tags).toBe('place:d4');
    expect(lines).toHaveLength(2);
  });

  it('names a refusal by the ACL and an address where nothing listens', async () => {
    const varnish = await fakeVarnish((_, res) => {
      res.statusCode = 403;
      res.end();
    });
    const refused = recordingLog();
    await createCdnPurge({ url: varnish.url, log: refused.log })(['places']);
    expect(refused.lines[0]!.message).toContain('refused with 403: is this server’s address in the VCL’s purgers ACL?');

    const closed = await fakeVarnish();
    servers.pop()!.close();
    await new Promise((resolve) => setTimeout(resolve, 50));
    const nobody = recordingLog();
    await createCdnPurge({ url: closed.url, log: nobody.log })(['places']);
    expect(nobody.lines[0]!.message).toContain('nothing listens there');
  });
});

describe('purge header values', () => {
  it('keeps each value within the limit and every tag in exactly one value', () => {
    expect(purgeHeaderValues(['a', 'bb', 'cc', 'd'], 5)).toEqual(['a bb', 'cc d']);
    expect(purgeHeaderValues(['toolongforone', 'x'], 5)).toEqual(['toolongforone', 'x']);
    expect(purgeHeaderValues(['', 'a', 'a'])).toEqual(['a']);
  });
});

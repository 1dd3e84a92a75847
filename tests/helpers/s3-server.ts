import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtemp, rm, utimes } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import type { S3Config } from '../../src/server/config';
import { PROJECT_ROOT } from '../../src/server/paths';

/**
 * s3rver (a pure-JS S3 server keeping objects in a folder) in a child process. Two adjustments:
 * - its list continuation tokens use single DES, which OpenSSL 3 only has in its legacy provider;
 *   triple DES with the key three times is the same cipher, so 'des' is mapped to that;
 * - it exits when the test process goes away (its stdin closes), so no server outlives a run.
 * It prints its address once listening.
 */
const SERVER_PROGRAM = `
const crypto = require('crypto');
for (const name of ['createCipheriv', 'createDecipheriv']) {
  const original = crypto[name];
  crypto[name] = (algorithm, key, iv, ...rest) =>
    algorithm === 'des' ? original('des-ede3-cbc', Buffer.concat([key, key, key]), iv, ...rest) : original(algorithm, key, iv, ...rest);
}
const S3rver = require('s3rver');
const [directory, bucket] = process.argv.slice(1);
const server = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory, configureBuckets: [{ name: bucket, configs: [] }] });
server.run().then((address) => process.stdout.write(JSON.stringify(address) + '\\n'));
process.stdin.on('end', () => process.exit(0));
process.stdin.resume();
`;

// The AWS SDK warns once per process that its releases after January 2027 need Node 22; the
// tests run on the project's Node 20 on purpose (docs/deploy.md says what it means for a server).
process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';

export interface S3TestServer {
  /** http://127.0.0.1:<port> */
  endpoint: string;
  bucket: string;
  /** What AppConfig.s3 holds for this server (path-style, s3rver's fixed credentials). */
  config: S3Config;
  /** Makes the object look written at `date` (its Last-Modified), as if it had been there a while. */
  setLastModified(key: string, date: Date): Promise<void>;
  close(): Promise<void>;
}

/** Starts an S3 server on a free loopback port with a new temporary folder and one empty bucket. */
export async function startS3Server(bucket = 'media-test'): Promise<S3TestServer> {
  const directory = await mkdtemp(join(tmpdir(), 'tp-s3-'));
  const child = spawn(process.execPath, ['-e', SERVER_PROGRAM, directory, bucket], {
    cwd: PROJECT_ROOT,
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  const exited = once(child, 'exit');
  const lines = createInterface({ input: child.stdout });
  const first = await Promise.race([
    once(lines, 'line').then(([line]) => line as string),
    exited.then(([code]) => {
      throw new Error(`the S3 test server exited with ${String(code)} before listening`);
    }),
  ]);
  const { port } = JSON.parse(first) as { port: number };
  const endpoint = `http://127.0.0.1:${port}`;
  return {
    endpoint,
    bucket,
    config: {
      bucket,
      region: 'us-east-1',
      endpoint,
      forcePathStyle: true,
      credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
    },
    async setLastModified(key, date) {
      // s3rver keeps an object as <bucket>/<key>._S3rver_object and reports that file's mtime.
      await utimes(join(directory, bucket, `${key}._S3rver_object`), date, date);
    },
    async close() {
      if (child.exitCode === null) {
        child.stdin.end();
        await exited;
      }
      await rm(directory, { recursive: true, force: true });
    },
  };
}

import { spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { freePort } from './ports';

const JAR = join(import.meta.dirname, '../../node_modules/vnu-jar/build/dist/vnu.jar');

/** One message of the Nu HTML Checker (its JSON output). */
export interface NuMessage {
  type: 'error' | 'info' | 'non-document-error';
  subType?: string;
  message: string;
  extract?: string;
  lastLine?: number;
}

export interface NuChecker {
  /** The checker's errors for one HTML document (warnings and notes left out). */
  errors(html: string): Promise<NuMessage[]>;
  close(): Promise<void>;
}

/**
 * The W3C Nu HTML Checker (vnu-jar) as an HTTP service on loopback: one JVM for a whole test file,
 * since starting Java costs seconds. Runs on the machine's `java` (Debian's default-jre-headless).
 */
export async function startNuChecker(): Promise<NuChecker> {
  const port = await freePort();
  const jvm: ChildProcess = spawn(
    'java',
    ['-Dnu.validator.servlet.bind-address=127.0.0.1', '-cp', JAR, 'nu.validator.servlet.Main', String(port)],
    { stdio: ['ignore', 'ignore', 'pipe'] },
  );
  let output = '';
  jvm.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  let failed: Error | undefined;
  // no `java`: say what to install (CI's .ci/run installs it when missing)
  jvm.once('error', (error) => {
    failed = new Error(
      `cannot start the Nu HTML Checker: ${error.message}. Install Java: apt-get install default-jre-headless`,
    );
  });
  const stopped = () => new Error(`the Nu HTML Checker stopped (${jvm.exitCode}): ${output.slice(-2000)}`);
  const url = `http://127.0.0.1:${port}/?out=json`;

  const check = async (html: string): Promise<NuMessage[]> => {
    const response = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'text/html; charset=utf-8' },
      body: html,
    });
    if (!response.ok) throw new Error(`the Nu HTML Checker answered ${response.status}`);
    const { messages } = (await response.json()) as { messages: NuMessage[] };
    return messages;
  };

  // ready once it answers a first document
  const deadline = Date.now() + 50_000;
  for (;;) {
    try {
      await check('<!doctype html><html lang="en"><title>x</title></html>');
      break;
    } catch (error) {
      if (failed) throw failed;
      if (jvm.exitCode !== null) throw stopped();
      if (Date.now() > deadline) throw error;
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  }

  return {
    async errors(html) {
      const messages = await check(html);
      return messages.filter((m) => m.type === 'error' || m.type === 'non-document-error');
    },
    async close() {
      if (jvm.exitCode !== null) return;
      const gone = new Promise((resolve) => jvm.once('exit', resolve));
      jvm.kill();
      await gone;
    },
  };
}

/** One line per message, for a failing assertion: where, what, and the markup around it. */
export function describeMessages(page: string, messages: NuMessage[]): string {
  return messages
    .map(
      (m) =>
        `${page} line ${m.lastLine ?? '?'}: ${m.message}${m.extract ? `\n    ${m.extract.replace(/\s+/g, ' ')}` : ''}`,
    )
    .join('\n');
}

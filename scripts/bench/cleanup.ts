// Cleanup steps of a benchmark script: run once, in reverse order, on success, failure and Ctrl-C alike.

/** A problem with a benchmark's setup that its message explains; no stack trace needed. */
export class SetupError extends Error {}

const steps: Array<() => Promise<void> | void> = [];
let cleaning: Promise<void> | undefined;

/** Adds a step (a temporary folder, a database, a server) to undo when the script ends. */
export function onCleanup(step: () => Promise<void> | void): void {
  steps.push(step);
}

export function cleanup(): Promise<void> {
  cleaning ??= (async () => {
    for (const step of steps.reverse()) {
      try {
        await step();
      } catch (error) {
        console.error('cleanup:', error instanceof Error ? error.message : error);
      }
    }
  })();
  return cleaning;
}

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    console.error(`\n${signal}: cleaning up`);
    void cleanup().finally(() => process.exit(130));
  });
}

import { MutationCache, MutationObserver } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import { createQueryClient, installMutationCache } from './query-client';

describe('the query client of the browser', () => {
  it('holds no mutations on public pages, and runs the admin’s once its mutation cache is installed', async () => {
    const client = createQueryClient();
    client.mount();
    // what the client does by itself on a public page finds nothing to do
    expect(client.isMutating()).toBe(0);
    await expect(client.resumePausedMutations()).resolves.toBeUndefined();
    client.clear();

    installMutationCache(new MutationCache());
    let release: (value: string) => void = () => {};
    const saving = new Promise<string>((resolve) => (release = resolve));
    const observer = new MutationObserver(client, { mutationFn: () => saving });
    const result = observer.mutate();
    await vi.waitFor(() => expect(client.isMutating()).toBe(1));
    release('saved');
    await expect(result).resolves.toBe('saved');
    expect(client.isMutating()).toBe(0);
    expect(client.getMutationCache().getAll()).toHaveLength(1);
    client.unmount();
  });
});

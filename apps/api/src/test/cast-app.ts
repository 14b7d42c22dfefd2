import { afterAll, beforeAll } from 'vitest';
import { createTestApp, type TestApp } from './app';
import { callAs, type CallArgs, type Caller } from './http';
import { createCast, createWorld, type Cast } from './initiative-factories';
import { multipart } from './multipart';

type File = { name: string; data: Buffer };

export interface CastApp {
  /** Set before the file's first test. */
  t: TestApp;
  cast: Cast;
  /** An API call on this app (path without `/api`). */
  call: (...args: CallArgs) => ReturnType<typeof callAs>;
  /** A POST of `files` in the multipart field "files" (path without `/api`). */
  postFiles: (url: string, caller: Caller, files: File[]) => ReturnType<typeof callAs>;
  /** A fresh grant, initiative and activity held by the cast. */
  world: (overrides?: Parameters<typeof createWorld>[2]) => ReturnType<typeof createWorld>;
}

/**
 * The app a test file shares and the cast of every initiative role, made before its first test
 * and closed after its last; tests build their own worlds in it, so they stay independent.
 * With `jobs` the app runs its job queue, so what a request queues is done while the test waits.
 */
export function useCastApp(options: { jobs?: boolean } = {}): CastApp {
  const scene = {
    call: (...args: CallArgs) => callAs(scene.t, ...args),
    postFiles: async (url: string, caller: Caller, files: File[]) => {
      const form = await multipart({ files });
      return scene.t.app.inject({
        method: 'POST',
        url: `/api${url}`,
        payload: form.payload,
        headers: { ...form.headers, ...(caller?.headers ?? {}) },
      });
    },
    world: (overrides?: Parameters<typeof createWorld>[2]) =>
      createWorld(scene.t, scene.cast, overrides),
  } as CastApp;
  beforeAll(async () => {
    scene.t = await createTestApp(options);
    scene.cast = await createCast(scene.t);
  });
  afterAll(() => scene.t?.close());
  return scene;
}

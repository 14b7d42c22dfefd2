import { afterAll, beforeAll } from 'vitest';
import { createTestApp, type TestApp } from './app';
import { callAs, type CallArgs } from './http';
import { createCast, createWorld, type Cast } from './initiative-factories';

export interface CastApp {
  /** Set before the file's first test. */
  t: TestApp;
  cast: Cast;
  /** An API call on this app (path without `/api`). */
  call: (...args: CallArgs) => ReturnType<typeof callAs>;
  /** A fresh grant, initiative and activity held by the cast. */
  world: (overrides?: Parameters<typeof createWorld>[2]) => ReturnType<typeof createWorld>;
}

/**
 * The app a test file shares and the cast of every initiative role, made before its first test
 * and closed after its last; tests build their own worlds in it, so they stay independent.
 */
export function useCastApp(): CastApp {
  const scene = {
    call: (...args: CallArgs) => callAs(scene.t, ...args),
    world: (overrides?: Parameters<typeof createWorld>[2]) =>
      createWorld(scene.t, scene.cast, overrides),
  } as CastApp;
  beforeAll(async () => {
    scene.t = await createTestApp();
    scene.cast = await createCast(scene.t);
  });
  afterAll(() => scene.t?.close());
  return scene;
}

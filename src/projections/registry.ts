import type { Projection } from './projection';

/** Every read model of the app. Each context adds its projection here. */
export function createProjections(): Projection[] {
  return [];
}

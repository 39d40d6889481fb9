import type { Collection, Doc, ReadStore } from './port';

/** What each part of the read store conformance suite (conformance-*.ts) is given by the runner in conformance.ts. */
export interface ConformanceContext {
  // An empty collection of its own, dropped after the test.
  fresh<T extends Doc = Doc>(): Collection<T>;
  store(): ReadStore;
}

// The ids of `docs`, sorted, for comparing result sets whose order is not specified.
export function idsOf(docs: readonly Doc[]): string[] {
  return docs.map((doc) => doc._id).sort();
}

/**
 * Reference data and name resolution: what a cell says → storage, product and product alias ids.
 */
export { normaliseName } from './normalise.ts';
export type { Resolution, ResolutionCode, ResolutionFailure, ResolvedProduct } from './resolution.ts';
export {
  collectProducts,
  loadReferenceData,
  PRODUCT_INCLUDED_KEYS,
  ReferenceDataError,
  type ReferenceData,
  type ReferenceSource,
} from './reference.ts';
export { createResolver, type Resolver } from './resolver.ts';
export { SUGGESTION_LIMIT } from './suggest.ts';

export { type PackContext, type PackOptions, type PackReading, eachPack, readPack, sizePack } from './parse.ts';
export {
  type ConventionSize,
  type PackConventions,
  PackConventionsSchema,
  conventionDensity,
  conventionForEach,
  conventionForKind,
  conventionSize,
} from './conventions.ts';
export { type Rec20Unit, isCountUnit, unitFromRec20 } from './rec20.ts';
export { keepAs } from './kept-by.ts';
export { describePack, linePhrase, onePack, plural } from './phrase.ts';
export {
  type Dimension,
  type Measure,
  type PackKind,
  type PackUnit,
  UNIT_BASE,
  kindOf,
  measureOf,
} from './vocabulary.ts';

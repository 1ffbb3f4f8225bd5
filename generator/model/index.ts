// The model's public entry: the one way code outside the generator (contracts/, reference/, tests, bench/)
// sees a spec. Pure: no emitter, ts-morph or handlebars behind it.
export { loadSpecList, type SpecEntry } from '../config.js';
// A package's key from its document's file name: the name mock and test give a user's document, as generate does.
export { defaultPackageKey } from './package-key.js';
export * from './json-pointer.js';
export { buildServiceModel } from './build.js';
// Parents whose discriminator their allOf children inherit: what the emitters and the engine's draws both read.
export {
  type Family,
  familiesOf,
  isDiscriminatingParent,
  listedValues,
  mappingTarget,
  namedSchemas,
} from './discriminator-families.js';
export { unmetSecurityReason } from './security.js';
export { isMediaRange } from './media-types.js';
// Schemas as requests or answers see them (readOnly / writeOnly members left out): what a judge of either checks.
export { type Direction, type DirectionViews, directionViews, VIEW_ROOTS } from './read-write-views.js';
export {
  type GeneratedSpec,
  generatedSpec,
  generatedSpecFile,
  type LoadedSpec,
  loadModel,
  loadSpec,
  loadSpecFile,
  serviceKeys,
} from './load.js';
export * from './ref.js';
export { ROOT } from './root.js';
// The one path-template matcher: the generated server runtime's own (copied into every package from templates/).
export {
  type PathTemplate,
  pathTemplate,
  type RouteMatch,
  RouteTable,
  type RouteTemplate,
} from '../../templates/runtime/server/route-table.js';
export {
  type ModelledOperationObject,
  type OperationSource,
  operationObject,
  operationsOf,
  parameterObjects,
} from './source.js';
export type * from './types.js';
export { ROUTER_ANSWERS } from './types.js';

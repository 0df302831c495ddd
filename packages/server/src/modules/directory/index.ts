// The public entry of the directory module: what the app and other modules may use. Everything else in this folder is private to it.
export { builtinFacetValues, builtinOptions, columnOverlaps } from './facets';
export { directoryModule } from './routes';
export { prefixQuery, searchWords } from './search-query';

// The public entry of the directory module: what the app and other modules may use. Everything else in this folder is private to it.
export { builtinFacetValues, builtinOptions } from './facets';
export { columnOverlaps } from './facets-sql';
export { listedMembers } from './listed-sql';
export { directoryModule } from './routes';
export { matchesWords, searchWords } from './search-sql';

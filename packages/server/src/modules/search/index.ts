// The public entry of the search module: what the app and other modules may use. Everything else in this folder is private to it.
export { searchModule } from './routes';

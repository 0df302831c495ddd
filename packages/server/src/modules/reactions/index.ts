// The public entry of the reactions module: what the app and other modules may use. Everything else in this folder is private to it.
export { reactionsModule } from './routes';

// The public entry of the topics module: what the app and other modules may use. Everything else in this folder is private to it.
export { topicsModule } from './routes';

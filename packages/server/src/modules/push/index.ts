// The public entry of the push module: what the app and other modules may use. Everything else in this folder is private to it.
export { pushModule } from './routes';

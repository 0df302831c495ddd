// The public entry of the tv module: what the app and other modules may use. Everything else in this folder is private to it.
export { tvModule } from './routes';

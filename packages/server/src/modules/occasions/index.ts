// The public entry of the occasions module: what the app and other modules may use. Everything else in this folder is private to it.
export { occasionsModule } from './routes';

// The public entry of the branding module: what the app and other modules may use. Everything else in this folder is private to it.
export { brandingModule } from './routes';

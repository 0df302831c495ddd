// The public entry of the auth module: what the app and other modules may use. Everything else in this folder is private to it.
export { authModule } from './routes';
export { mailPasswordLink, removeExpiredResetLinks } from './service';

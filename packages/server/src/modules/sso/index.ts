// The public entry of the sso module: what the app and other modules may use. Everything else in this folder is private to it.
export { mayUsePassword, signInChoices } from './options-service';
export { ssoModule } from './routes';

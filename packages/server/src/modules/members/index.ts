// The public entry of the members module: what the app and other modules may use. Everything else in this folder is private to it.
export { membersModule } from './routes';

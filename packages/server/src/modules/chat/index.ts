// The public entry of the chat module: what the app and other modules may use. Everything else in this folder is private to it.
export { chatModule } from './routes';

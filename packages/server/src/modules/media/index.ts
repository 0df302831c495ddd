// The public entry of the media module: what the app and other modules may use. Everything else in this folder is private to it.
export { getLinkPreview, mediaDeps } from './preview-service';
export { mediaModule } from './routes';
